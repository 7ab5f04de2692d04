// swift-tools-version: 6.1
import PackageDescription

// Layers run one way, top to bottom; each module imports only modules below it (README "Layout"):
//   haptic (main.swift) → HapticCommands (the commands); haptic-studio (`haptic studio`'s server, a product of its own so
//   `haptic` never builds the web stack) → HapticCommands and HapticStudio (the server and its page)
//   OpenHapticFeedback, OpenGameController → OpenCoreHaptics (Apple's names) → HapticEngine (runtime)
//   OpenCoreHaptics → HapticLoading (untrusted files, pattern compilation, audio resources) → HapticAnalysis (audio → pattern)
//   OpenCoreHaptics → HapticLinux (evdev, ALSA, discovery, hot-plug) → HapticDevices: beside it, never under the engine
//   HapticEngine → HapticDevices (the device protocol; simulated, WAV, recorder, null) → HapticRender (pure DSP)
//   → HapticPattern (pure model)
//   HapticAnalysis, HapticPlot and HapticInterchange (audio → pattern, pictures, other formats) sit on HapticRender.
//   HapticSystem (the platform floor: lock, clock, threads, wake signal, system calls, dlopen, the C library) is at the
//   bottom, under everything but HapticPattern (OS-free); CHapticSupport is the C shim for kernel headers beneath it.
// Each target lists exactly the modules it imports.
let package = Package(
    name: "OpenCoreHaptics",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "OpenCoreHaptics", targets: ["OpenCoreHaptics"]),
        .library(name: "HapticPattern", targets: ["HapticPattern"]),
        .library(name: "HapticRender", targets: ["HapticRender"]),
        // A product only because HapticDevices' public API names its WakeSignal (DeviceFormat.wake) and MonotonicClock.
        .library(name: "HapticSystem", targets: ["HapticSystem"]),
        .library(name: "HapticAnalysis", targets: ["HapticAnalysis"]),
        .library(name: "HapticDevices", targets: ["HapticDevices"]),
        .library(name: "HapticLinux", targets: ["HapticLinux"]),
        .library(name: "HapticEngine", targets: ["HapticEngine"]),
        .library(name: "OpenHapticFeedback", targets: ["OpenHapticFeedback"]),
        .library(name: "OpenGameController", targets: ["OpenGameController"]),
        .executable(name: "haptic", targets: ["haptic"]),
        // The studio's server: `haptic studio` runs it (beside haptic, or on PATH; built on first use in a checkout).
        .executable(name: "haptic-studio", targets: ["haptic-studio"]),
        // libCoreHapticsWrapper.so: the C ABI of Apple's Unity Core Haptics plug-in and of its GameController plug-in,
        // in one library so both share one engine table and one controller list (Scripts/build-unity-plugin.sh also
        // makes libGameControllerWrapper.so, a stub that needs this one, for the GameController plug-in's DllImport).
        .library(name: "CoreHapticsWrapper", type: .dynamic, targets: ["CoreHapticsWrapper", "GameControllerWrapper"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // Pure value model: events, parameters, curves, AHAP read/write, validation, limits. No OS calls.
        .target(name: "HapticPattern"),
        // The platform floor: one lock (LockedState), one monotonic clock, one thread wrapper, one eventfd wake signal,
        // one system-call funnel, one DynamicLibrary (dlopen), and the C library re-exported once (CLibrary.swift).
        .target(name: "HapticSystem", dependencies: ["CHapticSupport"]),
        // Pure DSP: compiled programs, voices, envelopes, curves, mixer, actuator models, WAV. No OS calls (the mixer's
        // control-side lock comes from HapticSystem).
        .target(name: "HapticRender", dependencies: ["HapticPattern", "HapticSystem"]),
        // Pure DSP: audio frames in, a pattern out (onsets, loudness and brightness envelopes), streaming. No OS calls
        // (HapticSystem only for the C math library; the polyline simplifier from HapticRender).
        .target(name: "HapticAnalysis", dependencies: ["HapticPattern", "HapticRender", "HapticSystem"]),
        // C shim: linux/input.h ioctl numbers and struct layouts straight from the kernel headers. Not a product.
        .target(name: "CHapticSupport", cSettings: [.define("_GNU_SOURCE")]),
        // Outputs: the device protocol, simulated/recording/null/WAV devices, and what every back-end shares (blocks,
        // formats, errors, device strings, the simulated controllers).
        .target(
            name: "HapticDevices",
            dependencies: ["HapticRender", "HapticSystem", .product(name: "Logging", package: "swift-log")]),
        // The Linux wing: evdev force feedback, ALSA (dlopen), device discovery, the device monitor and the hot-plug
        // return watch, a sub-folder per back-end.
        .target(
            name: "HapticLinux",
            dependencies: [
                "HapticDevices", "HapticRender", "HapticSystem", "CHapticSupport", "HapticAnalysis", "HapticPattern",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // File I/O at the edge: bounded reads of untrusted input and atomic writes of outputs; pattern compilation with
        // the engine's audio resources. Also audio for analysis: WAV through our decoder, FLAC, Ogg/Vorbis and MP3
        // through libsndfile (dlopen).
        .target(
            name: "HapticLoading",
            dependencies: ["HapticPattern", "HapticRender", "HapticInterchange", "HapticAnalysis", "HapticSystem", "CHapticSupport"]),
        // The runtime: render thread, command queue, clock, player slots, device driving, callbacks.
        .target(
            name: "HapticEngine",
            dependencies: [
                "HapticRender", "HapticPattern", "HapticDevices", "HapticSystem",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Apple's public names (CHHapticPattern, CHHapticEvent, CHHapticEngine, …) over the layers below.
        .target(
            name: "OpenCoreHaptics",
            dependencies: [
                "HapticPattern", "HapticRender", "HapticEngine", "HapticDevices", "HapticLinux", "HapticLoading", "HapticAnalysis",
                "HapticSystem",
            ]),
        // Apple's GameController haptics (GCController, GCDeviceHaptics, GCHapticsLocality, …): a CHHapticEngine per
        // controller and locality, on every Linux gamepad (evdev), a DualSense's voice coils (ALSA) and simulated pads.
        // It reaches the platform only through one ControllerSource (OpenCoreHaptics hands on HapticLinux's), never
        // importing the Linux wing.
        .target(
            name: "OpenGameController",
            dependencies: [
                "OpenCoreHaptics", "HapticEngine", "HapticDevices", "HapticRender", "HapticSystem",
            ]),
        // Format conversion: AHAP ↔ Lofelt/Meta .haptic, AHAP → Android VibrationEffect, Web vibrate/gamepad. Pure.
        .target(name: "HapticInterchange", dependencies: ["HapticPattern", "HapticRender"]),
        // Pictures of patterns for `haptic plot`: timeline layout, SVG, an anti-aliased rasterizer with an embedded
        // font, and PNG through zlib (loaded with dlopen). No file I/O: the CLI reads and renders, this draws.
        .target(name: "HapticPlot", dependencies: ["HapticPattern", "HapticRender", "HapticInterchange", "HapticSystem"]),
        // Apple's feedback vocabulary (UIKit generators, WKHapticType, NSHapticFeedbackManager, SensoryFeedback),
        // triggers, preferences, the standard pattern library (Library/*.ahap, embedded) and HIG lint.
        .target(
            name: "OpenHapticFeedback",
            dependencies: [
                "OpenCoreHaptics", "HapticPattern", "HapticRender", "HapticDevices", "HapticLoading", "HapticSystem",
            ],
            exclude: ["Library"]),
        // The `haptic` commands as a library (options, validation, running), so the option parsing can be fuzzed;
        // not a product.
        .target(
            name: "HapticCommands",
            dependencies: [
                "OpenHapticFeedback", "OpenCoreHaptics", "OpenGameController", "HapticPattern", "HapticRender", "HapticDevices",
                "HapticLinux", "HapticInterchange", "HapticLoading", "HapticPlot", "HapticAnalysis", "HapticSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `haptic studio`: a local HTTP/WebSocket server (127.0.0.1, per-run token) serving an embedded page that edits
        // a folder's patterns and plays them on a real engine. Not a product (haptic-studio is its program).
        .target(
            name: "HapticStudio",
            dependencies: [
                "HapticStudioCore", "HapticRender", "HapticSystem", .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["Web"],
            // The page (Web/) becomes Swift string literals at build time: nothing generated is committed.
            plugins: ["StudioAssets"]
        ),
        // The studio without its web server: the session's requests and replies, the confined folder, playback on the
        // engine, the worker that keeps heavy requests off Swift's pool. No SwiftNIO or Hummingbird (FuzzStudioMessage
        // fuzzes the session through it without building the web stack).
        .target(
            name: "HapticStudioCore",
            dependencies: [
                "OpenCoreHaptics", "OpenHapticFeedback", "OpenGameController", "HapticPattern", "HapticRender", "HapticDevices",
                "HapticLinux", "HapticInterchange", "HapticLoading", "HapticPlot", "HapticAnalysis", "HapticSystem",
            ]),
        // The studio page's files as Swift (`StudioAssets.files`), run by the StudioAssets plugin on the host.
        .executableTarget(name: "embed-studio-assets"),
        // Builds HapticStudio's Web/ into it through embed-studio-assets (every file of the page is an input).
        .plugin(name: "StudioAssets", capability: .buildTool(), dependencies: ["embed-studio-assets"]),
        // The C ABI's header (include/CoreHapticsWrapper.h): the 58 entry points of Apple's Unity plug-in and their
        // structs. Declarations only; the definitions are CoreHapticsWrapper's @_cdecl functions.
        .target(name: "CCoreHapticsWrapper"),
        // The C ABI: Apple's Unity Core Haptics plug-in's entry points over OpenCoreHaptics and OpenHapticFeedback,
        // with handles in a table (never addresses) so a stale or foreign handle is reported, not followed.
        .target(
            name: "CoreHapticsWrapper",
            dependencies: [
                "CCoreHapticsWrapper", "OpenCoreHaptics", "OpenHapticFeedback", "HapticPattern", "HapticSystem",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The C header of Apple's Unity GameController plug-in's entry points (include/GameControllerWrapper.h) and
        // their structs. Declarations only; the definitions are GameControllerWrapper's @_cdecl functions.
        .target(name: "CGameControllerWrapper"),
        // Apple's Unity GameController plug-in's entry points over OpenGameController; its haptics engines are
        // CoreHapticsWrapper engine handles, its button glyphs drawn with HapticPlot.
        .target(
            name: "GameControllerWrapper",
            dependencies: [
                "CGameControllerWrapper", "CoreHapticsWrapper", "OpenCoreHaptics", "OpenGameController", "HapticPlot", "HapticSystem",
            ]),
        // The command-line tool: main.swift only.
        .executableTarget(name: "haptic", dependencies: ["HapticCommands"]),
        // The studio's server: `haptic studio`'s options (HapticCommands) over HapticStudio. The only program that
        // links SwiftNIO and Hummingbird.
        .executableTarget(
            name: "haptic-studio",
            dependencies: [
                "HapticCommands", "HapticStudio", "HapticSystem", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Real-kernel check: drives a uinput force-feedback device in the QEMU guest of .ci/qemu-evdev.sh.
        .executableTarget(
            name: "haptic-evdev-check", dependencies: ["OpenCoreHaptics", "HapticDevices", "HapticLinux", "HapticSystem"]),
        // Real-kernel check of OpenGameController (uinput gamepads, a DualSense through uhid and hid-playstation) in the
        // QEMU guest of .ci/qemu-controllers.sh: plays through the public Apple-named API only (the coil phase uses
        // HapticDevices, HapticLinux's report decoder and HapticRender to compute the reference it compares with).
        .executableTarget(
            name: "haptic-controller-check",
            dependencies: ["OpenGameController", "OpenCoreHaptics", "HapticDevices", "HapticLinux", "HapticRender", "HapticSystem"]),
        // Soak test (issue 8): random patterns and live changes on a real-time engine for minutes; Scripts/soak.sh.
        // Not a product.
        .executableTarget(
            name: "haptic-soak", dependencies: ["OpenCoreHaptics", "HapticEngine", "HapticRender", "HapticSystem"]),
        // Apple-shaped examples: they compile unchanged against CoreHaptics on Apple platforms.
        .executableTarget(name: "SingleTap", dependencies: ["OpenCoreHaptics"], path: "Examples/SingleTap"),
        .executableTarget(name: "PreparingYourApp", dependencies: ["OpenCoreHaptics"], path: "Examples/PreparingYourApp"),
        .executableTarget(name: "HapticBounce", dependencies: ["OpenCoreHaptics"], path: "Examples/HapticBounce"),
        .executableTarget(
            name: "ControllerHaptics", dependencies: ["OpenCoreHaptics", "OpenGameController"], path: "Examples/ControllerHaptics"),
        // libFuzzer harnesses (issue 8): built only by .ci/fuzz.sh with -sanitize=fuzzer,address; a plain build
        // makes do-nothing executables. Not products.
        .executableTarget(name: "FuzzAHAPReader", dependencies: ["HapticPattern", "HapticRender"], path: "Fuzz/FuzzAHAPReader"),
        .executableTarget(
            name: "FuzzPropertyList", dependencies: ["OpenCoreHaptics", "HapticPattern", "HapticLoading"], path: "Fuzz/FuzzPropertyList"),
        .executableTarget(
            name: "FuzzPatternDictionary", dependencies: ["OpenCoreHaptics", "HapticPattern"], path: "Fuzz/FuzzPatternDictionary"),
        .executableTarget(name: "FuzzHapticFile", dependencies: ["HapticInterchange", "HapticPattern"], path: "Fuzz/FuzzHapticFile"),
        .executableTarget(
            name: "FuzzCommandOptions",
            dependencies: ["HapticCommands", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Fuzz/FuzzCommandOptions"),
        .executableTarget(name: "FuzzWAVDecoder", dependencies: ["HapticRender", "HapticPattern"], path: "Fuzz/FuzzWAVDecoder"),
        .executableTarget(
            name: "FuzzDeviceString", dependencies: ["HapticDevices", "HapticLinux", "HapticRender"], path: "Fuzz/FuzzDeviceString"),
        .executableTarget(name: "FuzzCABI", dependencies: ["CCoreHapticsWrapper", "CoreHapticsWrapper"], path: "Fuzz/FuzzCABI"),
        .executableTarget(name: "FuzzLogSetting", dependencies: ["CoreHapticsWrapper"], path: "Fuzz/FuzzLogSetting"),
        .executableTarget(name: "FuzzControllerList", dependencies: ["HapticDevices", "HapticLinux"], path: "Fuzz/FuzzControllerList"),
        .executableTarget(name: "FuzzBridgeConfig", dependencies: ["HapticLinux"], path: "Fuzz/FuzzBridgeConfig"),
        .executableTarget(name: "FuzzControllerMapping", dependencies: ["HapticDevices"], path: "Fuzz/FuzzControllerMapping"),
        .executableTarget(
            name: "FuzzStudioMessage", dependencies: ["HapticStudioCore", "HapticDevices", "HapticRender", "OpenCoreHaptics"],
            path: "Fuzz/FuzzStudioMessage"),
        // Shared test helpers (fixture paths, corpus location), never copied between test targets.
        .target(
            name: "HapticTestSupport",
            dependencies: [
                "HapticDevices", "HapticRender", "HapticLoading", "HapticSystem", "CHapticTestLogging",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/HapticTestSupport"),
        // Load-time hook of the test process: quiets the library's logging before any test runs (see its .c file).
        .target(name: "CHapticTestLogging", path: "Tests/CHapticTestLogging"),
        .testTarget(
            name: "HapticPatternTests",
            dependencies: [
                "HapticPattern", "HapticTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "HapticSystemTests", dependencies: ["HapticSystem"]),
        .testTarget(
            name: "CoreHapticsWrapperTests",
            dependencies: [
                "CoreHapticsWrapper", "CCoreHapticsWrapper", "OpenCoreHaptics", "HapticDevices", "HapticSystem", "HapticTestSupport",
            ]),
        .testTarget(name: "HapticAnalysisTests", dependencies: ["HapticAnalysis", "HapticPattern", "HapticRender", "HapticTestSupport"]),
        .testTarget(name: "HapticRenderTests", dependencies: ["HapticRender", "HapticPattern", "HapticTestSupport"]),
        .testTarget(
            name: "HapticDevicesTests",
            dependencies: [
                "HapticDevices", "HapticLinux", "HapticRender", "HapticSystem", "HapticTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "HapticLinuxTests",
            dependencies: [
                "HapticLinux", "HapticDevices", "HapticRender", "HapticPattern", "HapticSystem", "CHapticSupport", "HapticTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "HapticEngineTests",
            dependencies: [
                "HapticEngine", "HapticDevices", "HapticRender", "HapticPattern", "HapticSystem",
                .product(name: "Logging", package: "swift-log"), .product(name: "InMemoryLogging", package: "swift-log"),
            ]),
        .testTarget(
            name: "OpenCoreHapticsTests",
            dependencies: [
                "OpenCoreHaptics", "HapticEngine", "HapticDevices", "HapticLinux", "HapticRender", "HapticPattern", "HapticLoading",
                "HapticSystem",
                "HapticTestSupport",
            ]),
        .testTarget(
            name: "OpenHapticFeedbackTests",
            dependencies: [
                "OpenHapticFeedback", "OpenCoreHaptics", "HapticEngine", "HapticDevices", "HapticPattern", "HapticRender", "HapticSystem",
            ]),
        .testTarget(
            name: "HapticLoadingTests",
            dependencies: ["HapticLoading", "HapticAnalysis", "HapticPattern", "HapticRender", "HapticSystem", "HapticTestSupport"]),
        // Apple-shaped seed code compiled unchanged, run on a recorded real-time engine.
        .testTarget(
            name: "SeedCompatibilityTests",
            dependencies: ["OpenCoreHaptics", "OpenHapticFeedback", "HapticDevices", "HapticTestSupport"]),
        .testTarget(
            name: "HapticCLITests",
            dependencies: [
                "HapticTestSupport", "haptic", "haptic-studio", "HapticCommands", "OpenCoreHaptics", "HapticDevices", "HapticLinux",
                "HapticEngine", "OpenGameController",
                "HapticPattern", "HapticSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "OpenGameControllerTests",
            dependencies: [
                "OpenGameController", "GameControllerWrapper", "CGameControllerWrapper", "CCoreHapticsWrapper",
                "OpenCoreHaptics", "HapticEngine", "HapticDevices", "HapticLinux", "HapticRender", "HapticSystem",
                "HapticTestSupport",
            ]),
        .testTarget(name: "HapticPlotTests", dependencies: ["HapticPlot", "HapticPattern", "HapticRender", "HapticTestSupport"]),
        .testTarget(
            name: "HapticStudioTests",
            dependencies: ["HapticStudio", "HapticPattern", "HapticLoading", "HapticSystem", "OpenGameController", "HapticTestSupport"]),
        .testTarget(
            name: "HapticInterchangeTests", dependencies: ["HapticInterchange", "HapticPattern", "HapticRender", "HapticTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
