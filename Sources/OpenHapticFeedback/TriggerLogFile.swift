import Foundation
import HapticDevices
import HapticRender
import HapticSystem

/// Appends trigger-log lines to a file (`OPENHAPTICS_FEEDBACK_LOG`), one write per line under a lock.
final class TriggerLogFile: Sendable {
    private let handle: LockedState<FileHandle>

    /// Opens (creating if needed) `path` for appending; `nil` when it cannot be opened.
    init?(path: String) {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        handle.seekToEndOfFile()
        self.handle = LockedState(handle)
    }

    /// Writes one line.
    func append(_ entry: TriggerLogEntry) {
        let data = Data((entry.jsonLine() + "\n").utf8)
        handle.withLock { $0.write(data) }
    }
}
