import CPDIGraph

/// Most forwards happen one way: the component builds the child with its dependencies. Pictures label
/// only the others (superclass, helper, method, assignment, conformance, type argument), so the unusual
/// ones stand out and a coordinator that builds forty screens is not drawn with forty copies of one
/// word; every legend says what an unlabelled arrow means.
public enum ForwardLabels {
    /// The way of forwarding that pictures leave unlabelled.
    public static let usual = ForwardVia.construction

    /// What an arrow that stands for forwards made these ways is labelled with: nil when every one
    /// is the usual way (or unknown), else all the ways, sorted, so a mix still names both.
    public static func label(_ vias: some Sequence<ForwardVia?>) -> String? {
        let ways = Set(vias.compactMap { $0 })
        guard ways.contains(where: { $0 != usual }) else { return nil }
        return ways.map(\.rawValue).sorted().joined(separator: ", ")
    }

    /// One sentence for legends.
    public static let legend = "An unlabelled arrow forwards dependencies by building the child (construction); a label names any other way."
}
