/// Static members of Apple's and Firebase's types that give an instance of the type itself
/// (`URLSession.shared`, `UNUserNotificationCenter.current()`, `Firestore.firestore()`): a registration of one
/// registers that type. Any other static member's type is read from its declaration, or not known.
enum StandardSingletons {
    static func isOwnType(base: String, member: String) -> Bool {
        table[base]?.contains(member) == true
    }

    private static let table: [String: Set<String>] = [
        "URLSession": ["shared"], "NotificationCenter": ["default"], "UserDefaults": ["standard"], "FileManager": ["default"],
        "UIApplication": ["shared"], "UNUserNotificationCenter": ["current"], "ProcessInfo": ["processInfo"], "Bundle": ["main"],
        "UIDevice": ["current"], "UIScreen": ["main"], "NSWorkspace": ["shared"], "NSApplication": ["shared"], "Locale": ["current"],
        "Calendar": ["current"], "TimeZone": ["current"], "DispatchQueue": ["main", "global"], "OperationQueue": ["main"],
        "URLCache": ["shared"], "HTTPCookieStorage": ["shared"], "WKWebsiteDataStore": ["default"],
        "Firestore": ["firestore"], "Auth": ["auth"], "Storage": ["storage"], "Functions": ["functions"], "Messaging": ["messaging"],
        "Database": ["database"], "RemoteConfig": ["remoteConfig"], "Crashlytics": ["crashlytics"],
    ]
}
