// swift-tools-version: 6.0
// A sample that builds: `cpdi fix` is checked against the compiler on it (FixOracleTests).
import PackageDescription

let package = Package(
    name: "BuildingApp",
    targets: [
        .target(name: "Services"),
        .target(name: "Shop", dependencies: ["Services"]),
        .executableTarget(name: "BuildingApp", dependencies: ["Services", "Shop"]),
    ],
    swiftLanguageModes: [.v5]
)
