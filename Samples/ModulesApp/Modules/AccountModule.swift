protocol AccountModuleType {
    func component() -> AccountSessionType
}

/// Was used by the old account screen, which has been removed.
struct AccountModule: AccountModuleType {
    func component() -> AccountSessionType {
        KeychainAccountSession()
    }
}
