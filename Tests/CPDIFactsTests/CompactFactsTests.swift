import Foundation
import Testing
@testable import CPDIFacts

/// The facts of every file stay in memory for a whole run, so some of them are stored more compactly than
/// they read: these say that the compact forms hold and compare the same values.
struct CompactFactsTests {
    @Test func aForwardsDetailsReadBackAsSetAndClearedOnesAreAsIfNeverSet() {
        let plain = ForwardFact(
            kind: .call, callee: "Child", base: nil, baseType: nil, label: "dependencies", passesOwnDependencies: true,
            enclosingType: "Parent", position: SourcePosition(line: 3, column: 9)
        )
        var detailed = plain
        detailed.holder = "viewModel"
        detailed.value = ValueIdentity(genericOwner: "ListState")
        #expect(detailed.holder == "viewModel" && detailed.value?.genericOwner == "ListState")
        #expect(plain.holder == nil && plain.value == nil, "a copy's details are its own")
        #expect(detailed != plain)

        var copy = detailed
        copy.holder = nil
        #expect(detailed.holder == "viewModel", "writing a copy leaves the original")
        copy.value = nil
        #expect(copy == plain, "details set and cleared again compare as never set")
    }

    @Test func aForwardsDetailsSurviveTheCoding() throws {
        var forward = ForwardFact(
            kind: .assignment, callee: "model", base: "self", baseType: nil, label: "dependencies", passesOwnDependencies: false,
            builtType: "AppDependencies", enclosingType: "Root", enclosingFunction: "Root.start", position: SourcePosition(line: 12, column: 5),
            holder: "store", holderType: "Store", outerCallee: "Child", outerLabel: "model"
        )
        forward.projection = "nested"
        forward.value = ValueIdentity(genericOwner: nil, declaredType: "HomeDependencies")
        for value in [forward, ForwardFact(kind: .superInit, callee: "init", base: "super", baseType: nil, label: "dependencies",
                                           passesOwnDependencies: true, enclosingType: nil, position: SourcePosition(line: 1, column: 1))] {
            let data = try JSONEncoder().encode(value)
            #expect(try JSONDecoder().decode(ForwardFact.self, from: data) == value)
        }
        // The keys the synthesized coding wrote: saved results and cached facts keep their form.
        let keys = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(forward)) as? [String: Any]).keys.sorted()
        #expect(keys == [
            "base", "builtType", "callee", "enclosingFunction", "enclosingType", "holder", "holderType", "kind", "label",
            "outerCallee", "outerLabel", "passesOwnDependencies", "position", "projection", "value",
        ])
    }

    @Test func aPositionIsCodedAsTwoNumbersAndClampsWhatCannotBeALine() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let position = SourcePosition(line: 120, column: 7)
        #expect(String(decoding: try encoder.encode(position), as: UTF8.self) == #"{"column":7,"line":120}"#)
        #expect(try JSONDecoder().decode(SourcePosition.self, from: Data(#"{"line":120,"column":7}"#.utf8)) == position)
        #expect(SourcePosition(line: Int.max, column: 1).line == Int(Int32.max))
        #expect(SourcePosition(line: 2, column: 1) < SourcePosition(line: 10, column: 1))
    }

    @Test func namesReadWhileSharingAreStoredOnceAndTheFactsAreTheSame() {
        let parent = """
            typealias ParentScreenDependencies = NotificationCenterDependency & ChildScreenDependencies
            struct ParentScreen<Dependencies: ParentScreenDependencies> {
                let dependencies: Dependencies
                func start() { ChildScreen(dependencies: dependencies).start() }
            }
            """
        let child = """
            typealias ChildScreenDependencies = NotificationCenterDependency
            struct ChildScreen<Dependencies: ChildScreenDependencies> {
                let dependencies: Dependencies
                func start() { dependencies.notificationCenter.post() }
            }
            """
        let alone = [FactExtractor.extract(path: "Parent.swift", source: parent), FactExtractor.extract(path: "Child.swift", source: child)]
        let shared = NameSharing.during {
            [FactExtractor.extract(path: "Parent.swift", source: parent), FactExtractor.extract(path: "Child.swift", source: child)]
        }
        #expect(shared == alone)

        func storage(_ name: String) -> UnsafeRawPointer? {
            var name = name
            return name.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        let inParent = shared[0].aliases[0].members.map(\.name)
        let inChild = shared[1].aliases[0].name
        #expect(inParent.contains("ChildScreenDependencies") && inChild == "ChildScreenDependencies")
        let parentCopy = inParent.first { $0 == "ChildScreenDependencies" }!
        #expect(storage(parentCopy) == storage(inChild), "one name read in two files while sharing is one string")
        // Whether `alone` shares storage is not asked: sharing is per process, and tests running beside this
        // one may be extracting with names shared at the same moment.
    }
}
