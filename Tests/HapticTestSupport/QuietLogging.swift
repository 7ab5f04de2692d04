import Foundation
import Logging

/// Bootstraps swift-log for the test process (called once, at load time, by CHapticTestLogging's constructor):
/// the library's diagnostics are dropped, unless `OPENCOREHAPTICS_TEST_LOG` is set, when they go to standard error
/// as the `haptic` tool shows them with `--verbose`.
@_cdecl("HapticTestSupport_quietLibraryLogging")
public func quietLibraryLogging() {
    let verbose = ProcessInfo.processInfo.environment["OPENCOREHAPTICS_TEST_LOG"] != nil
    LoggingSystem.bootstrap { label in
        guard verbose else { return SwiftLogNoOpLogHandler(label) }
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = .debug
        return handler
    }
}
