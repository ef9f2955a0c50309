import CPDIFacts
import CPDIGraph
import Foundation
import Testing

/// The run-time read review notes what it asks the files' reads (`AskedReads`); a change of a file's reads in
/// keys it never asked changes no answer.
@Suite struct AskedReadsTests {
    @Test func theReviewNotesTheNamesItAsksFor() {
        let source = """
            import Dependencies
            struct Feature {
                @Dependency(\\.apiClient) var apiClient
                @Dependency(\\.clock) private var clock
                func run() { _ = apiClient }
            }
            extension DependencyValues {
                var apiClient: Int { get { 1 } set {} }
                var clock: Int { get { 1 } set {} }
            }
            """
        let facts = [FactExtractor.extract(path: "Feature.swift", source: source)]
        let model = Linker().model(facts, modules: ["Feature.swift": "App"])
        let asked = model.runtime.askedReads
        // `apiClient` is read alone in its type: the first question settles it, and no other is asked about it.
        #expect(asked.bare.contains(MemberNameHash.bare("apiClient", in: "Feature")))
        #expect(!asked.names.contains(MemberNameHash.of("apiClient")))
        // `clock` is read nowhere: every question is asked.
        #expect(asked.bare.contains(MemberNameHash.bare("clock", in: "Feature")))
        #expect(asked.names.contains(MemberNameHash.of("clock")))
        #expect(!asked.names.contains(MemberNameHash.of("count")))
    }

    @Test func onlyKeysItAskedForChangeAnAnswer() {
        let asked = AskedReads(bare: [MemberNameHash.bare("clock", in: "Feature")], names: [MemberNameHash.of("clock")])
        var base = NameReads()
        base.members = [MemberNameHash.of("first")]
        func with(_ change: (inout NameReads) -> Void) -> NameReads {
            var reads = base
            change(&reads)
            return reads
        }
        // Keys never asked: alike.
        #expect(asked.answersAlike(base, with { $0.members = [MemberNameHash.of("count")] }))
        #expect(asked.answersAlike(base, with { $0.bare = [MemberNameHash.bare("clock", in: "Other")] }))
        #expect(asked.answersAlike(base, with { $0.typedMembers = ["Call|name"] }))
        #expect(asked.answersAlike(base, with { $0.onTypes = ["Log|level"] }))
        #expect(asked.answersAlike(base, with { $0.propertyMembers = ["Feature|call|name"] }))
        #expect(asked.answersAlike(base, with { $0.subscriptKeyPaths = ["InjectedValues|name"] }))
        // A key asked for, in every kind of read: not alike.
        #expect(!asked.answersAlike(base, with { $0.members.append(MemberNameHash.of("clock")) }))
        #expect(!asked.answersAlike(base, with { $0.typeLevelMembers = [MemberNameHash.of("clock")] }))
        #expect(!asked.answersAlike(base, with { $0.bare = [MemberNameHash.bare("clock", in: "Feature")] }))
        #expect(!asked.answersAlike(base, with { $0.typedMembers = ["Timer|clock"] }))
        #expect(!asked.answersAlike(base, with { $0.onTypes = ["Feature|clock"] }))
        #expect(!asked.answersAlike(base, with { $0.propertyMembers = ["Feature|timer|clock"] }))
        #expect(!asked.answersAlike(base, with { $0.subscriptKeyPaths = ["InjectedValues|clock"] }))
        // What is read as a whole: never alike once changed.
        #expect(!asked.answersAlike(base, with { $0.dynamicMemberTypes = ["Proxy"] }))
        #expect(!asked.answersAlike(base, with { $0.overridden = ["apiClient"] }))
        #expect(!asked.answersAlike(base, with { $0.typeAliases = ["Client|APIClient"] }))
        #expect(!asked.answersAlike(base, with { $0.keyPathSubscriptRoots = ["Feature"] }))
        #expect(!asked.answersAlike(base, with { $0.memberTypes = ["Feature|timer|Timer"] }))
    }
}
