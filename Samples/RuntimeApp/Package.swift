// swift-tools-version: 6.0
// A sample that builds and runs: the run-time dialects (swift-dependencies, Swinject, and small
// Resolver-style and Factory-style libraries of its own) with deliberate, commented findings; the
// RuntimeAppTests build it, check what cpdi finds, fix it, build and run it again.
import PackageDescription

let package = Package(
    name: "RuntimeApp",
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        // Stand-ins for the Resolver and Factory packages, with the same call shapes (not scanned: see .cpdi.yml).
        .target(name: "Resolver", path: "Libraries/Resolver"),
        .target(name: "Factory", path: "Libraries/Factory"),
        .executableTarget(
            name: "RuntimeApp",
            dependencies: [
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "Swinject", package: "Swinject"),
                "Resolver", "Factory",
            ]
        ),
    ],
    swiftLanguageModes: [.v5]
)
