/// The shape of a synthetic app, decided before any code is written: which components exist, in
/// which module and folder, whom each forwards its dependencies to, and which leaves it reads.
///
/// Forwards only ever point "forward" (to a later component of the same module, or into a module of
/// a lower layer), so the app has no cycles, like a layered real app. Each module is a jittered tree of
/// fan-out about three below its entry component (or wider: a coordinator that builds dozens of screens
/// is common in real apps), plus shared children and cross-module forwards.
public struct SyntheticPlan: Sendable, Equatable {
    public struct Component: Sendable, Equatable {
        public var name: String
        /// 1-based, as in `Sources/Module<k>`.
        public var module: Int
        /// Path below `Sources/Module<k>/`, without the file name.
        public var folder: String
        /// Indices into `components`.
        public var children: [Int]
        /// Indices into the module's leaf words that the component reads itself.
        public var usedLeaves: [Int]
        /// Whether the alias also lists the module's legacy leaf that nothing reads (a deliberate finding).
        public var hasUnusedLeaf: Bool
        /// 0 struct, 1 final class with an initializer, 2 struct constrained in a `where` clause.
        public var shape: Int
    }

    public let modules: Int
    public let components: [Component]
    /// The leaf words of each module (index `module - 1`).
    public let leafWords: [[String]]

    static let serviceWords = ["Logging", "Networking", "Storage", "Tracking", "Formatting", "Caching", "Routing", "Settings"]
    static let leavesPerModule = 4
    static let areaWords = [
        "Profile", "Cart", "Search", "Feed", "Settings", "Checkout", "Inbox", "Map", "Media", "Account",
        "Orders", "Wallet", "Chat", "Events", "Photos", "Rewards",
    ]
    static let roleWords = ["View", "Screen", "Row", "Controller", "Coordinator", "Presenter", "List", "Header", "Card", "Section"]
    /// Components per folder inside a module.
    static let folderSize = 25
    /// One component in this many gets the deliberately unused legacy leaf.
    static let unusedLeafEvery = 211

    /// `fanOut`: about how many children each parent builds inside a module.
    public init(components count: Int, modules moduleCount: Int, seed: UInt64, fanOut: Int = 3) {
        precondition(count >= 1 && moduleCount >= 1 && moduleCount <= count, "need 1 ≤ modules ≤ components")
        precondition(fanOut >= 1, "need a fan-out of at least 1")
        var random = SeededGenerator(seed: seed)
        modules = moduleCount
        leafWords = (0..<moduleCount).map { module in
            (0..<Self.leavesPerModule).map { Self.serviceWords[(module + $0) % Self.serviceWords.count] }
        }

        // Spread components evenly over modules; each module's first component is its entry.
        var firstIndex: [Int] = []
        var sizes: [Int] = []
        var next = 0
        for module in 0..<moduleCount {
            let size = count / moduleCount + (module < count % moduleCount ? 1 : 0)
            firstIndex.append(next)
            sizes.append(size)
            next += size
        }

        var planned: [Component] = []
        planned.reserveCapacity(count)
        for module in 0..<moduleCount {
            let area = Self.areaWords[module % Self.areaWords.count]
            for local in 0..<sizes[module] {
                let global = firstIndex[module] + local
                let name = local == 0
                    ? "Module\(module + 1)Entry"
                    : "\(area)\(Self.roleWords[random.below(Self.roleWords.count)])\(global)"
                let used = random.chance(35) ? [random.below(Self.leavesPerModule), random.below(Self.leavesPerModule)] : [random.below(Self.leavesPerModule)]
                planned.append(Component(
                    name: name, module: module + 1, folder: local == 0 ? "" : "\(area)\(local / Self.folderSize)",
                    children: [], usedLeaves: Array(Set(used)).sorted(),
                    hasUnusedLeaf: global % Self.unusedLeafEvery == Self.unusedLeafEvery / 2, shape: random.below(3)
                ))
            }
        }

        let moduleDependencies = Self.moduleDependencies(moduleCount, random: &random)
        for module in 0..<moduleCount {
            let first = firstIndex[module], size = sizes[module]
            for local in 1..<max(size, 1) {
                // A jittered heap: the parent sits about 1/fanOut of the way back, so each parent has about fanOut children.
                let ideal = (local - 1) / fanOut
                let parent = random.within(max(0, ideal - 2)...ideal)
                planned[first + parent].children.append(first + local)
            }
            for local in 0..<size {
                // Shared children: a later component of the same module that another parent also builds.
                if local + 2 < size, random.chance(20) {
                    planned[first + local].children.append(first + random.within(local + 2...size - 1))
                }
                // Cross-module forwards, only into the modules this one depends on.
                let targets = moduleDependencies[module]
                if !targets.isEmpty, random.chance(8) {
                    let target = targets[random.below(targets.count)]
                    planned[first + local].children.append(firstIndex[target] + random.below(sizes[target]))
                }
            }
        }
        for index in planned.indices {
            planned[index].children = Array(Set(planned[index].children)).sorted()
        }
        components = planned
    }

    /// Layers like a real app's packages: feature modules first, then shared modules, then a few core
    /// modules (the last tenth). Each module depends on up to three modules of the layers below it
    /// (or later in its own layer), so the module graph is a sparse DAG a reader can follow.
    static func moduleDependencies(_ count: Int, random: inout SeededGenerator) -> [[Int]] {
        let core = max(1, count / 10)
        let shared = (count - core) / 3
        let firstShared = count - core - shared
        return (0..<count).map { module in
            let lower = module < firstShared ? firstShared : module + 1
            guard lower < count else { return [] }
            let picks = (0..<3).map { _ in lower + random.below(count - lower) }
            return Array(Set(picks)).sorted()
        }
    }

    /// Components that list the legacy leaf and never read it: `unused-dependency` must flag each.
    public var deliberatelyFlagged: [String] { components.filter(\.hasUnusedLeaf).map(\.name).sorted() }
}
