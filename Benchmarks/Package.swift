// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that users of OpenCoreHaptics never build package-benchmark.
// Run from the repository root: swift package --package-path Benchmarks benchmark --no-progress
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "OpenCoreHaptics", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // What more than one benchmark target uses (the ratio benchmarks' thread CPU time).
        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
        .executableTarget(
            name: "PatternBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "HapticPattern", package: "OpenCoreHaptics"),
            ],
            path: "Benchmarks/PatternBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RenderBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "HapticRender", package: "OpenCoreHaptics"),
                .product(name: "HapticPattern", package: "OpenCoreHaptics"),
            ],
            path: "Benchmarks/RenderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OpenCoreHaptics", package: "OpenCoreHaptics"),
                .product(name: "HapticEngine", package: "OpenCoreHaptics"),
                .product(name: "HapticDevices", package: "OpenCoreHaptics"),
                .product(name: "HapticRender", package: "OpenCoreHaptics"),
                .product(name: "HapticPattern", package: "OpenCoreHaptics"),
                .product(name: "HapticSystem", package: "OpenCoreHaptics"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "AnalysisBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "HapticAnalysis", package: "OpenCoreHaptics"),
            ],
            path: "Benchmarks/AnalysisBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "BridgeBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "HapticLinux", package: "OpenCoreHaptics"),
            ],
            path: "Benchmarks/BridgeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "FeedbackBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OpenHapticFeedback", package: "OpenCoreHaptics"),
                .product(name: "OpenCoreHaptics", package: "OpenCoreHaptics"),
            ],
            path: "Benchmarks/FeedbackBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "CABIBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "CoreHapticsWrapper", package: "OpenCoreHaptics"),
                .product(name: "OpenCoreHaptics", package: "OpenCoreHaptics"),
            ],
            path: "Benchmarks/CABIBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
