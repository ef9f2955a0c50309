import CPDIRules
import Testing

/// `self.logger = dependencies.logger` into a private property that nothing reads: the member's only use is a
/// copy nobody reads (a round-16 reader listed 21 of them in one app, outside the rule as it then was).
@Suite struct DeadCopyFixtureTests {
    @Test func aMemberCopiedIntoAPrivatePropertyNothingReadsIsUnused() {
        expectExactFindings(RuleExample(files: [
            "Leaves.swift": """
                protocol HasLogger { var logger: Logger { get } }
                protocol HasStore { var store: Store { get } }
                protocol HasClock { var clock: Clock { get } }
                final class Logger { func log(_ text: String) {} }
                final class Store { func load() {} }
                final class Clock { var now = 0 }
                """,
            "AddModel.swift": """
                final class AddModel {
                    typealias Dependencies = 1️⃣HasLogger & HasStore
                    private let dependencies: Dependencies
                    private let logger: Logger
                    init(dependencies: Dependencies) {
                        self.dependencies = dependencies
                        self.logger = dependencies.logger
                    }
                    func save() { dependencies.store.load() }
                }
                """,
            "EditModel.swift": """
                final class EditModel {
                    typealias Dependencies = HasLogger & HasStore & HasClock
                    private let dependencies: Dependencies
                    private let logger: Logger
                    private let clock: Clock
                    init(dependencies: Dependencies) {
                        self.dependencies = dependencies
                        self.logger = dependencies.logger
                        self.clock = dependencies.clock
                    }
                    func save() {
                        dependencies.store.load()
                        logger.log("saved")
                        print("clock")  // the word is written: cpdi keeps the copy alive
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasLogger` in `AddModel.Dependencies` is only copied into `logger`, which nothing reads; remove both",
        ]))
    }

    /// A property other files may read, or one assigned twice, is no dead copy.
    @Test func aCopyOthersMayReadIsAUse() {
        expectExactFindings(RuleExample(files: [
            "Model.swift": """
                protocol HasLogger { var logger: Logger { get } }
                final class Logger { func log(_ text: String) {} }
                final class ShareModel {
                    typealias Dependencies = HasLogger
                    let logger: Logger
                    init(dependencies: Dependencies) { self.logger = dependencies.logger }
                }
                final class ResetModel {
                    typealias Dependencies = HasLogger
                    private var logger: Logger
                    init(dependencies: Dependencies) { self.logger = dependencies.logger }
                    func reset(dependencies: Dependencies) { self.logger = dependencies.logger }
                }
                """,
        ]))
    }
}
