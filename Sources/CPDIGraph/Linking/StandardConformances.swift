/// Protocols of the Swift standard library and Apple's frameworks that apps conform to every day, with the
/// associated types each requires (none for most), and the framework base classes apps inherit from. What a
/// standard protocol requires is known, so a conformance to one makes no injected property its witness. They
/// are declared outside the analysed sources, so without this cpdi could not tell whether an inherited
/// name asks a type for an alias of some name.
enum StandardConformances {
    static let associatedTypes: [String: Set<String>] = [
        "AnyObject": [], "Sendable": [], "Equatable": [], "Hashable": [], "Comparable": [],
        "Codable": [], "Encodable": [], "Decodable": [], "Error": [], "LocalizedError": [],
        "CustomStringConvertible": [], "CustomDebugStringConvertible": [], "NSObjectProtocol": [],
        "Identifiable": ["ID"], "CaseIterable": ["AllCases"], "RawRepresentable": ["RawValue"],
        "ObservableObject": ["ObjectWillChangePublisher"], "Observable": [],
        "Sequence": ["Element", "Iterator"], "IteratorProtocol": ["Element"],
        "Collection": ["Element", "Index", "Indices", "Iterator", "SubSequence"],
        "View": ["Body"], "App": ["Body"], "Scene": ["Body"], "ViewModifier": ["Body", "Content"],
        "ToolbarContent": ["Body"], "Commands": ["Body"], "Widget": ["Body"], "ButtonStyle": ["Body"], "Shape": [],
        "DynamicProperty": [], "PreviewProvider": ["Previews"], "UIViewRepresentable": ["UIViewType", "Coordinator"],
        "UIViewControllerRepresentable": ["UIViewControllerType", "Coordinator"],
        // Delegate and data source protocols of UIKit, AppKit and Core Data: no associated types.
        "UIApplicationDelegate": [], "UISceneDelegate": [], "UIWindowSceneDelegate": [],
        "UITableViewDataSource": [], "UITableViewDelegate": [], "UICollectionViewDataSource": [],
        "UICollectionViewDelegate": [], "UICollectionViewDelegateFlowLayout": [], "UIScrollViewDelegate": [],
        "UITextFieldDelegate": [], "UITextViewDelegate": [], "UISearchBarDelegate": [], "UISearchResultsUpdating": [],
        "UINavigationControllerDelegate": [], "UIGestureRecognizerDelegate": [], "NSApplicationDelegate": [],
        "NSFetchedResultsControllerDelegate": [], "WKNavigationDelegate": [], "CLLocationManagerDelegate": [],
        // More Objective-C protocols of Apple's frameworks: an `@objc` protocol cannot declare an associated type.
        "WKUIDelegate": [], "WKScriptMessageHandler": [], "UIAdaptivePresentationControllerDelegate": [],
        "UIPopoverPresentationControllerDelegate": [], "UIViewControllerTransitioningDelegate": [],
        "UIViewControllerAnimatedTransitioning": [], "UIPageViewControllerDelegate": [], "UIPageViewControllerDataSource": [],
        "UITabBarControllerDelegate": [], "UITabBarDelegate": [], "UIPickerViewDelegate": [], "UIPickerViewDataSource": [],
        "UIImagePickerControllerDelegate": [], "UIDocumentPickerDelegate": [], "UIDocumentInteractionControllerDelegate": [],
        "UISearchControllerDelegate": [], "UITableViewDataSourcePrefetching": [], "UICollectionViewDataSourcePrefetching": [],
        "UIContextMenuInteractionDelegate": [], "UISplitViewControllerDelegate": [], "UINavigationBarDelegate": [],
        "UIDropInteractionDelegate": [], "UIDragInteractionDelegate": [], "UIColorPickerViewControllerDelegate": [],
        "MFMailComposeViewControllerDelegate": [], "MFMessageComposeViewControllerDelegate": [],
        "SFSafariViewControllerDelegate": [], "SKPaymentTransactionObserver": [], "SKProductsRequestDelegate": [],
        "MKMapViewDelegate": [], "UNUserNotificationCenterDelegate": [], "URLSessionDelegate": [], "URLSessionTaskDelegate": [],
        "URLSessionDataDelegate": [], "URLSessionDownloadDelegate": [], "AVAudioPlayerDelegate": [],
        "AVCaptureMetadataOutputObjectsDelegate": [], "AVCapturePhotoCaptureDelegate": [], "AVPlayerViewControllerDelegate": [],
        "PHPickerViewControllerDelegate": [], "CBCentralManagerDelegate": [], "CBPeripheralDelegate": [],
        "ASAuthorizationControllerDelegate": [], "ASAuthorizationControllerPresentationContextProviding": [],
        "ASWebAuthenticationPresentationContextProviding": [], "XMLParserDelegate": [], "NSCopying": [], "NSCoding": [],
        "NSSecureCoding": [], "NSTableViewDelegate": [], "NSTableViewDataSource": [], "NSOutlineViewDelegate": [],
        "NSOutlineViewDataSource": [], "NSTextFieldDelegate": [], "NSTextViewDelegate": [], "NSWindowDelegate": [],
        "NSCollectionViewDelegate": [], "NSCollectionViewDataSource": [], "NSMenuDelegate": [], "NSPopoverDelegate": [],
        "QLPreviewControllerDataSource": [], "QLPreviewControllerDelegate": [], "CAAnimationDelegate": [], "WCSessionDelegate": [],
        // Base classes: a superclass requires no type of any name.
        "NSObject": [], "UIResponder": [], "UIViewController": [], "UIView": [], "UITableViewController": [],
        "UICollectionViewController": [], "UINavigationController": [], "UITabBarController": [],
        "UITableViewCell": [], "UICollectionViewCell": [], "UICollectionReusableView": [], "UIControl": [],
        "NSViewController": [], "NSView": [], "NSWindowController": [], "NSDocument": [],
        "UITextView": [], "UITextField": [], "UILabel": [], "UIButton": [], "UIImageView": [], "UIStackView": [],
        "UIScrollView": [], "UITableView": [], "UICollectionView": [], "UIPageViewController": [],
        "UISplitViewController": [], "UIWindow": [], "NSWindow": [], "NSManagedObject": [], "XCTestCase": [],
        "QuickSpec": [], "AsyncSpec": [],  // Quick's test base classes, subclasses of `XCTestCase`
        "Operation": [],
        // The Composable Architecture's reducer (`ReducerProtocol` before 1.0), in nearly every app of
        // swift-dependencies: it requires its state, actions and body, nothing an injected property could be.
        "Reducer": ["State", "Action", "Body"], "ReducerProtocol": ["State", "Action", "Body"],
        // Keys of swift-dependencies and SwiftUI: their values are static, so no instance property is a witness.
        "DependencyKey": ["Value"], "TestDependencyKey": ["Value"], "EnvironmentKey": ["Value"], "PreferenceKey": ["Value"],
    ]

    /// The associated types a standard protocol requires, by its name as written (`Swift.Equatable` too);
    /// nil for any other name.
    static func requirements(of name: String) -> Set<String>? {
        associatedTypes[String(name.lastDottedPart)]
    }
}
