protocol ProfileLoading {
    func loadProfile() async throws -> Profile
}

protocol AccountSessionType {
    var isSignedIn: Bool { get }
}

struct Profile: Codable {
    let name: String
    let avatarURL: String
}

struct RemoteProfileLoader: ProfileLoading {
    let httpService: HTTPServiceType

    func loadProfile() async throws -> Profile {
        try await httpService.get(Profile.self, path: "me")
    }
}

struct KeychainAccountSession: AccountSessionType {
    var isSignedIn: Bool { false }
}
