import Testing

@testable import CPDIFacts

/// Protocols Objective-C headers declare, read as Swift imports them (`ObjectiveCHeaders`).
@Suite struct ObjectiveCHeaderTests {
    private func facts(_ header: String) -> FileFacts {
        FactExtractor.extract(path: "Sources/Providers.h", source: header)
    }

    @Test func aPropertyOnlyProtocolIsDeclaredWhereTheHeaderDeclaresIt() {
        let facts = facts("""
            @class Config;
            /* @protocol Commented <NSObject> @end */
            @protocol ConfigProvider <NSObject, Identified>

            @property (readonly, strong, nonatomic) Config* config;
            @property (nonatomic, nullable) id <Reachability> reachability;
            @property (nonatomic) NSInteger retries; // settable
            @end
            """)
        #expect(facts.types.map(\.name) == ["ConfigProvider"])
        let provider = facts.types[0]
        #expect(provider.kind == .protocol)
        #expect(provider.position == SourcePosition(line: 3, column: 11))
        #expect(provider.inheritedTypes.map(\.name) == ["NSObjectProtocol", "Identified"])
        #expect(provider.propertyRequirements == [
            PropertyRequirementFact(name: "config", type: "Config", isSettable: false),
            PropertyRequirementFact(name: "reachability", type: "Reachability?", isSettable: true),
            PropertyRequirementFact(name: "retries", type: "NSInteger", isSettable: true),
        ])
        #expect(facts.aliases.isEmpty && facts.uses.isEmpty && facts.syntaxError == nil)
    }

    /// What might import under another name than cpdi would write leaves the whole protocol out.
    @Test(arguments: [
        "- (void)trackScreenWithName:(NSString *)name;",
        "@optional\n@property (readonly) Config* config;",
        "@property (class, readonly) Config* shared;",
        "@property (readonly, getter=isEnabled) BOOL enabled;",
        "@property (readonly) void (^completion)(void);",
        "@property (readonly) NSArray<Config *>* configs;",
    ])
    func aProtocolWithAMemberThatDoesNotImportPlainlyIsLeftOut(member: String) {
        #expect(facts("@protocol Tracked <NSObject>\n\(member)\n@end\n").types.isEmpty)
    }

    /// A protocol left out is still known to ask no Swift type of its conformers, unless a requirement takes a
    /// protocol-qualified value or initializes one (either could fix a conformer's composed type).
    @Test func aProtocolLeftOutAsksNoTypeUnlessARequirementCouldSpellOne() {
        let facts = facts("""
            @protocol Listener <NSObject>
            - (void)didReceiveWithUserInfo:(NSDictionary*)userInfo;
            @optional
            @property (readonly) Config* config;
            @end
            @protocol Configured <NSObject>
            - (void)configureWithEnvironment:(id <ConfigProvider>)environment;
            @end
            @protocol Built <NSObject>
            - (instancetype)initWithName:(NSString*)name;
            @end
            @protocol Unclosed <NSObject>
            - (void)run;
            """)
        #expect(facts.types.isEmpty)
        #expect(facts.declarations.opaqueObjectiveCProtocols == ["Listener"])
    }

    /// A class's members that give an instance of it, under the names Swift calls them by.
    @Test func aClassesSharedInstancesAreReadUnderTheirSwiftNames() {
        let facts = facts("""
            @interface OEXRouter : NSObject <Routing> {
                NSString* _name;
            }
            + (void)setSharedRouter:(OEXRouter*)router;
            + (instancetype)sharedRouter;
            + (nullable OEXRouter *)current;
            @property (class, readonly, nonatomic) OEXRouter* defaultRouter;
            @property (class, readonly) Config* config;
            + (instancetype)namedRouter NS_SWIFT_NAME(named());
            + (Config*)sharedConfig;
            - (instancetype)sharedCopy;
            @end
            @interface Later : NSObject @end
            """)
        #expect(facts.declarations.objectiveCClasses == ["OEXRouter", "Later"])
        #expect(facts.declarations.staticProperties.map { "\($0.owner).\($0.name): \($0.type)" } == [
            "OEXRouter.sharedRouter(): OEXRouter", "OEXRouter.shared(): OEXRouter", "OEXRouter.current(): OEXRouter",
            "OEXRouter.defaultRouter: OEXRouter", "OEXRouter.default: OEXRouter",
        ])
    }

    @Test func announcementsAndCHeadersDeclareNothing() {
        #expect(facts("@protocol Later;\n@class Config;\n").types.isEmpty)
        #expect(facts("#include <stdint.h>\nint32_t add(int32_t a, int32_t b);\n").types.isEmpty)
        #expect(facts("@protocol Unclosed <NSObject>\n@property (readonly) Config* config;\n").types.isEmpty)
    }
}

/// The byte scan that blanks a header's comments gives the lines the character scan it replaced gave.
@Suite struct HeaderCommentBlankingTests {
    @Test(arguments: [
        "@protocol A <NSObject> /* a /* b */ @property (readonly) X* x; // tail\n@end\n",
        "/** Gives the café's menu — ☕️ 👩‍👩‍👧 */ @protocol Menu\r\n@property (readonly) Menu* menu;\r\n@end",
        "// only a comment\r\n\r\n/* open\n still open\r\n*/ @interface A : NSObject\n+ (instancetype)sharedA;\n@end\n",
        "@interface B\n// ends in a carriage return\r",
        "text\r",
        "a // comment\r",
        "/* unclosed",
        "",
        "\n\n",
        "x/y*z/**/w//\n",
    ])
    func blanksCommentsAsTheCharacterScanDid(header: String) {
        #expect(ObjectiveCHeaders.withoutComments(header) == ObjectiveCHeaders.withoutCommentsByCharacter(header))
    }
}
