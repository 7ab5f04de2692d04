import CCoreHapticsWrapper
import Dispatch
import Foundation
import HapticSystem
import Logging
import Synchronization
import Testing

@testable import CoreHapticsWrapper

/// The lines a log callback received; the callback finds it through its context pointer.
private final class LineLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [(level: Int32, message: String)] = []

    var received: [(level: Int32, message: String)] {
        condition.lock()
        defer { condition.unlock() }
        return lines
    }
    var count: Int { received.count }

    /// The context pointer that names this log (the test keeps the object alive).
    var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    func record(_ level: Int32, _ message: String) {
        condition.lock()
        lines.append((level, message))
        condition.broadcast()
        condition.unlock()
    }

    /// Waits (lines arrive on the callback thread) until `count` lines came, for at most 30 s; returns whether they did.
    func wait(for count: Int) -> Bool {
        let deadline = Date() + 30
        condition.lock()
        defer { condition.unlock() }
        while lines.count < count { if !condition.wait(until: deadline) { return lines.count >= count } }
        return true
    }

    /// The C callback: records into the log its context names.
    static let callback: CHWLogCallback = { level, message, context in
        guard let context, let message else { return }
        Unmanaged<LineLog>.fromOpaque(context).takeUnretainedValue().record(level, String(cString: message))
    }
}

extension CABITests {
    @Test func theLogSettingGrammarParsesWhatItPrints() throws {
        let good: [(String, LogSetting)] = [
            ("warning", LogSetting(level: .warning, repeats: false)), ("DEBUG:all", LogSetting(level: .debug, repeats: true)),
            (" error : once ", LogSetting(level: .error, repeats: false)), ("off", LogSetting(level: nil, repeats: false)),
            ("trace:ALL", LogSetting(level: .trace, repeats: true)), ("notice:once", LogSetting(level: .notice, repeats: false)),
        ]
        for (text, expected) in good {
            let setting = try LogSetting(parsing: text)
            #expect(setting == expected, "\(text)")
            #expect(try LogSetting(parsing: setting.description) == setting, "\(setting.description) prints back")
        }
        for bad in ["", "loud", "warning:twice", "warning:all:once", "critical:", "warn ing", String(repeating: " ", count: 65) + "debug"] {
            #expect(throws: LogSetting.Problem.self, "\(bad)") { try LogSetting(parsing: bad) }
        }
        #expect(LogSetting.default == LogSetting(level: .warning, repeats: false))
    }

    @Test func theEnvironmentSetsTheStartingSettingAndAValueNotUnderstoodIsSaidOnce() throws {
        #expect(LogRouting(environment: [:]).setting == .default)
        #expect(LogRouting(environment: ["HAPTIC_LOG": "debug:all"]).setting == LogSetting(level: .debug, repeats: true))
        let routing = LogRouting(environment: ["HAPTIC_LOG": "verbose"])
        #expect(routing.setting == .default)
        let log = LineLog()
        routing.set(nil, callback: LineLog.callback, context: log.context)
        let logger = Logger(label: "test") { RoutedLogHandler(label: $0, routing: routing, host: nil) }
        logger.info("not shown at warning")
        logger.warning("shown")
        logger.warning("shown again? no: once")
        logger.warning("shown")
        logger.error("last")
        #expect(log.wait(for: 4))
        #expect(
            log.received.map(\.message) == [
                "test: HAPTIC_LOG=verbose is not understood ('verbose' is not off, critical, error, warning, notice, info, debug or trace); warning:once is used",
                "test: shown", "test: shown again? no: once", "test: last",
            ])
        #expect(log.received.map(\.level) == [4, 4, 4, 5].map { Int32($0) })
        #expect(CHW_LOG_WARNING == 4 && CHW_LOG_ERROR == 5)
    }

    @Test func aCauseIsItsMessageWithoutItsNumbers() {
        let ignored = LogRouting.cause(label: "l", message: "ignored playbackRate -5.0: a rate is …")
        #expect(ignored == LogRouting.cause(label: "l", message: "ignored playbackRate 3.4028235e+38: a rate is …"))
        #expect(ignored == LogRouting.cause(label: "l", message: "ignored playbackRate -nan: a rate is …"))
        #expect(ignored == LogRouting.cause(label: "l", message: "ignored playbackRate inf: a rate is …"))
        #expect(LogRouting.cause(label: "l", message: "infinite nanny mp3 v2 at 3 ms") == "l: infinite nanny mp3 v2 at # ms")
        #expect(
            LogRouting.cause(label: "l", message: "0x3f00000001 is not a live engine handle")
                == LogRouting.cause(label: "l", message: "0xdeadbeef is not a live engine handle"))
        #expect(LogRouting.cause(label: "l", message: "9550 frame(s) clipped") == "l: # frame(s) clipped")
        #expect(ignored != LogRouting.cause(label: "l", message: "ignored loopEnd -5.0: a rate is …"))
        #expect(ignored != LogRouting.cause(label: "m", message: "ignored playbackRate -5.0: a rate is …"))
    }

    /// The C entry point: a level, a callback with its context, each kind once or every line, and NULL back to the
    /// default. A NULL error callback's error is logged, not lost.
    @Test func setLoggingRoutesTheLibrarysLinesToACallback() throws {
        let engine = try Self.startedEngine()
        defer {
            CoreHapticsWrapper_SetLogging(nil, nil, nil)
            CoreHaptics_CHHapticEngine_Destroy(engine)
        }
        let player = try #require(CoreHaptics_CHHapticEngine_MakeAdvancedPlayer(engine, Texts.transient, nil, Callbacks.error))
        let log = LineLog()
        CoreHapticsWrapper_SetLogging("warning", LineLog.callback, log.context)
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate(player, -5)
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate(player, -6)  // the same kind: not again
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate(player, .greatestFiniteMagnitude)
        #expect(CoreHaptics_CHHapticAdvancedPatternPlayer_GetPlaybackRate(player) == 1)
        // Bad AHAP with no error callback: NULL back, and the error in the log.
        #expect(CoreHaptics_CHHapticEngine_MakePlayer(engine, Texts.malformed, nil) == nil)
        #expect(log.wait(for: 2))
        let lines = log.received
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.level == Int32(CHW_LOG_WARNING))
        #expect(
            lines.first?.message.hasPrefix(
                "OpenCoreHaptics.CoreHapticsWrapper: CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate: ignored playbackRate -5.0")
                == true,
            "\(lines)")
        #expect(
            lines.last?.message.contains("CoreHaptics_CHHapticEngine_MakePlayer: error -4814 (no error callback was given): 2:13: error: ")
                == true,
            "\(lines)")

        // Every line, and nothing under the level.
        let all = LineLog()
        CoreHapticsWrapper_SetLogging("WARNING:all", LineLog.callback, all.context)
        for rate: Float in [-5, -6, 0] { CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate(player, rate) }
        #expect(all.wait(for: 3))
        let quiet = LineLog()
        CoreHapticsWrapper_SetLogging("error", LineLog.callback, quiet.context)
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate(player, -5)
        // A setting not understood: said (as an error) at the new destination; the environment's setting is used.
        CoreHapticsWrapper_SetLogging("loud", LineLog.callback, quiet.context)
        #expect(quiet.wait(for: 1))
        #expect(quiet.received.map(\.message).first?.contains("setting 'loud' is not understood") == true, "\(quiet.received)")
        #expect(quiet.received.first?.level == Int32(CHW_LOG_ERROR))
        #expect(quiet.count == 1, "the warning under the error level was not delivered")

        // NULL: back to the default destination; the old callbacks are not called again.
        CoreHapticsWrapper_SetLogging(nil, nil, nil)
        let counts = [log.count, all.count, quiet.count]
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate(player, -7)
        let marker = LineLog()
        CoreHapticsWrapper_SetLogging("warning:all", LineLog.callback, marker.context)
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate(player, -8)
        #expect(marker.wait(for: 1))  // lines are delivered in order: whatever was queued before it has run
        #expect([log.count, all.count, quiet.count] == counts)
    }

    /// Lines logged on many threads while the destination changes: once SetLogging returns, the callback it replaced
    /// is never called again. A callback that calls the library (which logs) or SetLogging itself neither recurses
    /// nor deadlocks.
    @Test func setLoggingIsSafeWhileOtherThreadsLog() throws {
        defer { CoreHapticsWrapper_SetLogging(nil, nil, nil) }
        let stop = Atomic<Bool>(false)
        let loggers = DispatchGroup()
        let forged = UInt(0x1234)
        for _ in 0..<4 {
            DispatchQueue.global().async(group: loggers) {
                while !stop.load(ordering: .relaxed) {
                    // "ignored, 0x1234 is not a live advanced player handle"
                    CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnabled(UnsafeRawPointer(bitPattern: forged), true)
                }
            }
        }
        var replaced: [(log: LineLog, count: Int)] = []
        var current = LineLog()  // every log stays alive while lines may be queued for it
        for _ in 0..<100 {
            let log = LineLog()
            CoreHapticsWrapper_SetLogging("warning:all", LineLog.callback, log.context)
            replaced.append((current, current.count))  // final once replaced
            current = LineLog()
            CoreHapticsWrapper_SetLogging("warning:all", LineLog.callback, current.context)
            replaced.append((log, log.count))
        }
        stop.store(true, ordering: .relaxed)
        #expect(loggers.wait(timeout: .now() + 60) == .success)
        let marker = LineLog()
        CoreHapticsWrapper_SetLogging("warning:all", LineLog.callback, marker.context)
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnabled(UnsafeRawPointer(bitPattern: forged), true)
        #expect(marker.wait(for: 1))
        #expect(replaced.allSatisfy { $0.log.count == $0.count }, "a replaced callback was called after SetLogging returned")

        // A callback that logs (a call the library refuses) and changes the setting from inside: no recursion, no hang.
        let reentrant: CHWLogCallback = { _, _, context in
            guard let context else { return }
            let log = Unmanaged<LineLog>.fromOpaque(context).takeUnretainedValue()
            log.record(0, "called")
            CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnabled(UnsafeRawPointer(bitPattern: 0x5678), true)
            CoreHapticsWrapper_SetLogging("warning:all", LineLog.callback, context)
            log.record(0, "set")
        }
        let inner = LineLog()
        CoreHapticsWrapper_SetLogging("warning:all", reentrant, inner.context)
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnabled(UnsafeRawPointer(bitPattern: forged), true)
        #expect(inner.wait(for: 2))
        // The setting it made from inside took effect; its own line was dropped, not delivered.
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnabled(UnsafeRawPointer(bitPattern: forged), true)
        #expect(inner.wait(for: 3))
        #expect(inner.received.prefix(2).map(\.message) == ["called", "set"])
        #expect(inner.received.last?.message.contains("0x1234 is not a live advanced player handle") == true, "\(inner.received)")
        #expect(inner.count == 3)
    }
}
