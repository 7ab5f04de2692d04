import Testing

// This file imports nothing but the facade (and Testing, which brings no Foundation): Core Haptics code uses
// Foundation's types with only `import CoreHaptics`, so they must resolve through `import OpenCoreHaptics` too.
#if OPENCOREHAPTICS_COMPATIBILITY_TEST
import CoreHaptics
#else
import OpenCoreHaptics
#endif

/// Foundation comes with the facade, as it comes with Core Haptics.
@Suite struct FoundationReexportTests {
    /// The Foundation a haptics manager of an app uses: a file URL, the main bundle, JSON, a queue, notifications.
    @Test func foundationTypesResolveThroughTheFacadeAlone() throws {
        let ahap = URL(fileURLWithPath: "/tmp/Tap.ahap")
        let bundled: URL? = Bundle.main.url(forResource: "Tap", withExtension: "ahap")
        let start: TimeInterval = CHHapticTimeImmediate + 0.5
        let tap: [String: Any] = ["Event": ["Time": 0.25, "EventType": "HapticTransient", "EventParameters": [[String: Any]]()]]
        let json = try JSONSerialization.data(withJSONObject: ["Version": 1, "Pattern": [tap]])
        let pattern = try CHHapticPattern(dictionary: try #require(JSONSerialization.jsonObject(with: json) as? [String: Any]))
        let decoded = try JSONDecoder().decode([String: Double].self, from: Data(#"{"Version": 1}"#.utf8))
        let name = Notification.Name("OpenCoreHaptics.FoundationReexportTests")
        final class Received: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
        }
        let received = Received()
        let observer = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
            received.lock.withLock { received.count += 1 }
        }
        NotificationCenter.default.post(name: name, object: nil)
        NotificationCenter.default.removeObserver(observer)
        DispatchQueue.global().sync {}
        #expect(ahap.pathExtension == "ahap" && bundled == nil && start == 0.5 && decoded["Version"] == 1)
        #expect(pattern.duration >= 0.25)
        #expect(received.lock.withLock { received.count } == 1)
    }
}
