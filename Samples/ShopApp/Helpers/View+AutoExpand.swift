import SwiftUI

typealias View_autoExpandDependencies = TrackingDependency // used here

extension View {
    /// Shows the view at a compact height and expands it to its full height on tap.
    func autoExpand<D: View_autoExpandDependencies>(dependencies: D, collapsedHeight: CGFloat = 240) -> some View {
        modifier(AutoExpandModifier(collapsedHeight: collapsedHeight) { isExpanded in
            dependencies.tracker.track(.imageExpanded(isExpanded))
        })
    }
}

private struct AutoExpandModifier: ViewModifier {
    let collapsedHeight: CGFloat
    let onToggle: (Bool) -> Void
    @State private var isExpanded = false

    func body(content: Content) -> some View {
        content
            .frame(maxHeight: isExpanded ? .infinity : collapsedHeight)
            .clipped()
            .contentShape(Rectangle())
            .onTapGesture {
                withAnimation(.spring) {
                    isExpanded.toggle()
                }
                onToggle(isExpanded)
            }
    }
}
