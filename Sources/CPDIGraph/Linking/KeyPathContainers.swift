import CPDIFacts

/// Which container properties linking counts. A file proves its own: Factory's, and every property of a body
/// that holds a key-backed one. A computed property of an extension with none (`computesFromOthers`) counts
/// only where the sources show its type is a key-path container: another of its bodies holds a key-backed
/// property, or a property wrapper of the sources takes key paths rooted at it (`InjectedValues`).
struct KeyPathContainers {
    private let proven: Set<String>

    init(files: [FileFacts]) {
        var proven: Set<String> = []
        for file in files {
            for property in file.runtime.containerProperties where !property.isFactory && !property.computesFromOthers {
                proven.insert(property.container)
            }
            for wrapper in file.runtime.propertyWrappers {
                if let root = wrapper.keyPathRoot { proven.insert(root) }
            }
        }
        self.proven = proven
    }

    func counts(_ property: ContainerPropertyFact) -> Bool {
        !property.computesFromOthers || proven.contains(property.container)
    }
}
