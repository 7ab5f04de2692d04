// Core Haptics brings Foundation with it: code written for it uses `URL`, `Bundle`, `TimeInterval`, `DispatchQueue`,
// `NotificationCenter` and `JSONDecoder` with only `import CoreHaptics`. Re-export Foundation (on Linux,
// swift-corelibs-foundation) so the same code compiles with only `import OpenCoreHaptics`. The layers below
// (HapticPattern, HapticRender, HapticEngine, …) do not import it; Scripts/check-house.py keeps it that way.
@_exported import Foundation
