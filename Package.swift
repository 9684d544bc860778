// swift-tools-version: 6.1
// ObservationTesting: wait for view-model state in tests, in XCTest and Swift Testing alike.
import PackageDescription

let package = Package(
    name: "ObservationTesting",
    platforms: [
        .macOS(.v14),
        .iOS(.v17),
        .tvOS(.v17),
        .watchOS(.v10),
        .visionOS(.v1),
    ],
    products: [
        .library(name: "Publishing", targets: ["Publishing"]),
        .library(name: "ObservationTesting", targets: ["ObservationTesting"]),
    ],
    targets: [
        .target(name: "Publishing"),
        .target(name: "ObservationTesting", dependencies: ["Publishing"]),
        // Reference view models to copy, tested by ExamplesTests; not a product, as no app imports
        // them.
        .target(name: "Examples", dependencies: ["Publishing"], path: "Examples"),
        // `swift run -c release Benchmarks`: measurements beside their floors, as ratios.
        .executableTarget(
            name: "Benchmarks", dependencies: ["ObservationTesting", "Publishing"],
            exclude: ["README.md"]),
        // Its Combine-behaviour suite also runs in the imitated Apple configuration, with the
        // helpers' waits and test scheduler.
        .testTarget(name: "PublishingTests", dependencies: ["Publishing", "ObservationTesting"]),
        .testTarget(
            name: "ObservationTestingTests",
            dependencies: ["ObservationTesting", "Publishing"]
        ),
        // The seed article's XCTest code, compiled unchanged in the Swift 5 language mode.
        .testTarget(
            name: "ObservationTestingSwift5Tests",
            dependencies: ["ObservationTesting", "Publishing"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["Examples", "ObservationTesting", "Publishing"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings: [SwiftSetting] = [
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
    // Test targets stay free of it: they compile user-style code, such as the seed samples,
    // exactly as a Combine user would write it.
    if target.type != .test {
        settings.append(.enableUpcomingFeature("ExistentialAny"))
    }
    target.swiftSettings = (target.swiftSettings ?? []) + settings
}
