import CPDIRules
import Yams

extension Configuration {
    /// The effective configuration as `.cpdi.yml` text: every key, defaults filled in, in a fixed order, so
    /// it can be diffed and saved as a starting point.
    public func yaml(rules catalogue: [any Rule] = RuleCatalogue.all) -> String {
        let rules = catalogue.sorted { $0.id < $1.id }.map { rule -> (Node, Node) in
            let setting: [(Node, Node)] = [
                (Node("enabled"), Node(isEnabled(rule.id) ? "true" : "false")),
                (Node("severity"), Node(severity(of: rule.id, default: rule.description.defaultSeverity).rawValue)),
            ]
            return (Node(rule.id), Node(setting, .implicit, .block))
        }
        let naming = NamingFields.fields(of: self.naming).sorted { $0.key < $1.key }.map { field -> (Node, Node) in
            (Node(NamingFields.kebabCase(field.key)), Self.list(field.value))
        }
        let sections: [(Node, Node)] = [
            (Node("include"), Self.list(include.map(\.pattern))),
            (Node("exclude"), Self.list(exclude.map(\.pattern))),
            (Node("module-roots"), Self.list(moduleRoots.map(\.pattern))),
            (Node("strict"), Node(strict ? "true" : "false")),
            (Node("baseline"), baseline.map { Node($0) } ?? Node("null", Tag(.null))),
            (Node("naming"), Node(naming, .implicit, .block)),
            (Node("learn-naming"), Node(learnsNaming ? "true" : "false")),
            (Node("opt-in-rules"), Self.list(catalogue.filter { $0.description.isOptIn && isEnabled($0.id) }.map(\.id).sorted())),
            (Node("rules"), Node(rules, .implicit, .block)),
        ]
        let root = Node(sections, .implicit, .block)
        let header = "# cpdi configuration in effect: the defaults" + (source.map { " merged with \($0)" } ?? "") + "\n"
        // Plain scalars, lists and mappings always serialise.
        // swiftlint:disable:next force_try
        return header + (try! Yams.serialize(node: root, indent: 2, width: -1, allowUnicode: true))
    }

    private static func list(_ values: [String]) -> Node {
        Node(values.map { Node($0) }, .implicit, values.isEmpty ? .flow : .block)
    }
}
