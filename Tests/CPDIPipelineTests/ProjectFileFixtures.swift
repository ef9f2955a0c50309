/// Small hand-written project files of the three generators, for module naming tests.
enum ProjectFileFixtures {
    /// `Shop.xcodeproj`: `ShopApp` compiles `Shop/…` and `Shared/Formatter.swift`, `ShopWidget` compiles
    /// `Widget/Store.swift` (its group sits in a virtual group without a path) and the shared file too,
    /// and `ShopClip` is an Xcode 16 synchronized folder. The widget also compiles a localised variant
    /// group in `Shop/`, which is not a file and must not claim `Shop`. The product reference lives in the build
    /// folder and must not claim anything.
    static let pbxproj = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            classes = {
            };
            objectVersion = 77;
            objects = {

        /* Begin PBXBuildFile section */
                B001 /* Store.swift in Sources */ = {isa = PBXBuildFile; fileRef = F001 /* Store.swift */; };
                B002 = {isa = PBXBuildFile; fileRef = F002; };
                B003 = {isa = PBXBuildFile; fileRef = F003; };
                B004 = {isa = PBXBuildFile; fileRef = F004; };
                B005 = {isa = PBXBuildFile; fileRef = F004; };
                B006 = {isa = PBXBuildFile; fileRef = V001; };
        /* End PBXBuildFile section */
                F001 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Store.swift; sourceTree = "<group>"; };
                F002 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = CartView.swift; sourceTree = "<group>"; };
                F003 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Store.swift; sourceTree = "<group>"; };
                F004 = {isa = PBXFileReference; path = "Shared/Formatter.swift"; sourceTree = SOURCE_ROOT; };
                F005 = {isa = PBXFileReference; explicitFileType = wrapper.application; path = ShopApp.app; sourceTree = BUILT_PRODUCTS_DIR; };
                F006 = {isa = PBXFileReference; lastKnownFileType = file.intentdefinition; name = Base; path = Base.lproj/Intents.intentdefinition; sourceTree = "<group>"; };
                V001 = {isa = PBXVariantGroup; children = (F006); name = Intents.intentdefinition; sourceTree = "<group>"; };
                G000 = {isa = PBXGroup; children = (G001, G003, C001, F004, P000, ); sourceTree = "<group>"; };
                G001 = {isa = PBXGroup; children = (F001, G002, V001); path = Shop; sourceTree = "<group>"; };
                G002 = {isa = PBXGroup; children = (F002); path = Views; sourceTree = "<group>"; };
                G003 = {isa = PBXGroup; children = (G004); name = "Widget Extension"; sourceTree = "<group>"; };
                G004 = {isa = PBXGroup; children = (F003); path = Widget; sourceTree = "<group>"; };
                P000 = {isa = PBXGroup; children = (F005); name = Products; sourceTree = "<group>"; };
                C001 = {isa = PBXFileSystemSynchronizedRootGroup; path = Clips; sourceTree = "<group>"; };
                S001 = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (B001, B002, B004, ); };
                S002 = {isa = PBXSourcesBuildPhase; files = (B003, B005, B006); };
                R001 = {isa = PBXResourcesBuildPhase; files = ( ); };
                T001 = {isa = PBXNativeTarget; buildPhases = (S001, R001); name = ShopApp; productReference = F005; };
                T002 = {isa = PBXNativeTarget; buildPhases = (S002); name = ShopWidget; };
                T003 = {isa = PBXNativeTarget; buildPhases = ( ); fileSystemSynchronizedGroups = (C001); name = "ShopClip"; };
                R000 /* Project object */ = {isa = PBXProject; mainGroup = G000; projectDirPath = ""; targets = (T001, T002, T003); };
            };
            rootObject = R000 /* Project object */;
        }
        """

    /// `Blog`: sources as a list of paths, as one path, and as `{path:}` maps; `BlogTests` claims a
    /// folder inside `BlogApp`'s, which the deeper claim wins.
    static let projectYML = """
        name: Blog
        options:
          bundleIdPrefix: io.blog
        targets:
          BlogApp:
            type: application
            platform: iOS
            sources: [BlogApp]
          BlogWidget:
            type: app-extension
            sources: BlogWidget/Sources/
          BlogTests:
            type: bundle.unit-test
            sources:
              - path: Tests
                excludes: ["**/*.md"]
              - BlogApp/TestSupport
          Settings:
            type: framework
        """

    /// `News`: Tuist's three spellings of a target; `NewsWidget` gives no sources.
    static let projectSwift = """
        import ProjectDescription

        let project = Project(
            name: "News",
            targets: [
                .target(
                    name: "NewsApp",
                    destinations: .iOS,
                    product: .app,
                    bundleId: "io.news",
                    sources: ["NewsApp/Sources/**", .glob("Shared/**/*.swift", excluding: ["Shared/Legacy/**"])],
                    dependencies: [.target(name: "NewsKit")]
                ),
                Target(name: "NewsKit", platform: .iOS, product: .framework, bundleId: "io.news.kit", sources: "NewsKit/**"),
                .init(name: "NewsWidget", product: .appExtension, bundleId: "io.news.widget"),
                // .target(name: "Old", product: .app, bundleId: "io.old", sources: "Old/**"),
            ]
        )
        """
}
