import Foundation
import HapticRender
import HapticSystem

/// The temporary directories the tests made, removed when the test process exits.
///
/// Tests throw and return early in many places; removing each folder at its own call site would miss those paths.
/// One exit handler removes them all instead.
enum TemporaryDirectories {
    private static let created = LockedState<[URL]>([])
    private static let installHandler: Void = {
        atexit {
            for url in TemporaryDirectories.created.withLock({ $0 }) { try? FileManager.default.removeItem(at: url) }
        }
    }()

    /// Remembers `url` for removal at exit.
    static func register(_ url: URL) {
        _ = installHandler
        created.withLock { $0.append(url) }
    }
}
