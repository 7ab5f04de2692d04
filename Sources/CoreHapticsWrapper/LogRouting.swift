import CCoreHapticsWrapper
import Foundation
import HapticSystem
import Logging
import Synchronization

/// Where the library's log lines go when a C or C# program uses it: standard error (the default) or the callback set
/// with `CoreHapticsWrapper_SetLogging`, filtered by a ``LogSetting`` (`HAPTIC_LOG`, else `warning:once`).
///
/// A game's process has nobody to bootstrap swift-log, whose default prints every line from info up to standard error.
/// So the C ABI makes ``RoutedLogHandler`` swift-log's backend the first time an entry point that makes engines,
/// generators or device lists runs (``installIfUnconfigured()``), if swift-log still has its default backend. A
/// program that bootstrapped swift-log itself (a Swift host, the test runner) keeps its backend: the C ABI's own
/// lines then go to it too, unless a C caller set a callback (``logger(label:)``).
///
/// Thread safety: lines may be logged on any thread at once. The callback gets them one at a time, in order, on the
/// C ABI's callback thread; never a line logged from inside the callback (that line is dropped rather than
/// recursing); and once ``set(_:callback:context:)`` has returned, the callback it replaced is not running and is not
/// called again (lines queued for it are dropped), except when `set` is called from inside that callback.
final class LogRouting: @unchecked Sendable {
    // @unchecked: `route`, `shownCauses`, `deliveries` and `notice` are guarded by `condition`; the rest is atomic
    // or immutable.

    /// The process's routing.
    static let shared = LogRouting(environment: ProcessInfo.processInfo.environment)

    /// The environment variable read at the first use: a ``LogSetting``.
    static let environmentVariable = "HAPTIC_LOG"

    /// At most this many lines wait for the callback thread; more are dropped (and counted in a line that follows), so
    /// a program that logs faster than its callback returns does not grow without bound.
    static let queueCapacity = 4_096

    /// At most this many causes are remembered when causes are shown once; lines of further new causes are dropped
    /// (after one line that says so), so memory stays bounded.
    static let causeCapacity = 1_024

    private struct Route {
        var setting: LogSetting
        var callback: CHWLogCallback?
        /// The callback's context pointer, as bits.
        var context: UInt
        var generation: UInt64
    }

    /// A line being delivered: which route's, on which thread.
    private struct Delivery {
        var generation: UInt64
        var thread: ObjectIdentifier
    }

    private let condition = NSCondition()
    private var route: Route
    private var shownCauses: Set<String> = []
    private var deliveries: [Delivery] = []
    /// Lines queued for the callback thread, and lines dropped because the queue was full (told with the next).
    private var queued = 0
    private var dropped = 0
    /// A line to deliver before the next one: why `HAPTIC_LOG` was not understood.
    private var notice: String?
    /// ``level``'s rank (``rank(_:)``): swift-log asks a handler for its level before it builds a line.
    private let threshold = Atomic<Int>(0)
    private let hasCallback = Atomic<Bool>(false)

    /// The setting the environment gives: `HAPTIC_LOG`, else the default (also when it is not understood).
    let environmentSetting: LogSetting

    /// A routing to standard error that starts from `environment`'s `HAPTIC_LOG`.
    init(environment: [String: String]) {
        var setting = LogSetting.default
        if let text = environment[Self.environmentVariable], !text.isEmpty {
            do throws(LogSetting.Problem) {
                setting = try LogSetting(parsing: text)
            } catch {
                let shown = text.utf8.count > LogSetting.maximumLength ? String(text.prefix(LogSetting.maximumLength)) + "…" : text
                notice = "\(Self.environmentVariable)=\(shown) is not understood (\(error.reason)); \(setting.description) is used"
            }
        }
        environmentSetting = setting
        route = Route(setting: setting, callback: nil, context: 0, generation: 0)
        threshold.store(Self.rank(setting.level), ordering: .relaxed)
    }

    /// The least severe level that gets through now (critical when the setting is off: nothing does).
    var level: Logger.Level { Self.level(rank: threshold.load(ordering: .relaxed)) }

    /// Whether lines go to a C callback.
    var routesToCallback: Bool { hasCallback.load(ordering: .relaxed) }

    /// The setting in effect.
    var setting: LogSetting {
        condition.lock()
        defer { condition.unlock() }
        return route.setting
    }

    /// Sends lines to `callback` (to standard error when `nil`), filtered by `setting` (the environment's when `nil`).
    /// Returns once no other thread delivers a line to the destination it replaced.
    func set(_ setting: LogSetting?, callback: CHWLogCallback?, context: UnsafeMutableRawPointer?) {
        let thread = ObjectIdentifier(Thread.current)
        condition.lock()
        defer { condition.unlock() }
        let generation = route.generation + 1
        route = Route(
            setting: setting ?? environmentSetting, callback: callback, context: UInt(bitPattern: context), generation: generation)
        shownCauses.removeAll()  // a new destination has seen nothing yet
        threshold.store(Self.rank(route.setting.level), ordering: .relaxed)
        hasCallback.store(callback != nil, ordering: .relaxed)
        while deliveries.contains(where: { $0.generation < generation && $0.thread != thread }) { condition.wait() }
    }

    /// Delivers one line, if its level and (when causes are shown once) its cause let it through: to standard error
    /// at once, or to the callback on the callback thread (``CallbackThread``: a thread a managed runtime can stop,
    /// which the engine's service threads are not), in order.
    func log(_ event: LogEvent, label: String, metadata handlerMetadata: Logger.Metadata) {
        guard Self.rank(event.level) >= threshold.load(ordering: .relaxed) else { return }
        let message = "\(event.message)"
        var metadata = handlerMetadata
        if let extra = event.metadata { metadata.merge(extra) { $1 } }
        var line = "\(label): \(message)"
        if !metadata.isEmpty {
            line += " [" + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + "]"
        }
        let thread = ObjectIdentifier(Thread.current)
        condition.lock()
        // A line logged from inside the callback (it called the library) would call it again without end.
        guard let minimum = route.setting.level, event.level >= minimum, !deliveries.contains(where: { $0.thread == thread }) else {
            condition.unlock()
            return
        }
        var lines: [(Logger.Level, String)] = []
        if let notice {
            lines.append((.warning, "\(label): \(notice)"))
            self.notice = nil
        }
        if route.setting.repeats {
            lines.append((event.level, line))
        } else {
            let cause = Self.cause(label: label, message: message)
            if shownCauses.count < Self.causeCapacity {
                if shownCauses.insert(cause).inserted { lines.append((event.level, line)) }
            } else if shownCauses.count == Self.causeCapacity, !shownCauses.contains(cause) {
                shownCauses.insert("")  // counts past the capacity: this is said once
                lines.append(
                    (
                        .warning,
                        "\(label): more than \(Self.causeCapacity) kinds of message; new kinds are not shown (\(Self.environmentVariable)=<level>:all shows every line)"
                    ))
            }
        }
        let route = self.route
        guard !lines.isEmpty else { return condition.unlock() }
        guard route.callback != nil else {
            condition.unlock()
            let text = lines.map { "OpenCoreHaptics \($0.0): \($0.1)\n" }.joined()
            return FileHandle.standardError.write(Data(text.utf8))
        }
        guard queued < Self.queueCapacity else {
            dropped += lines.count
            return condition.unlock()
        }
        if dropped > 0 {
            lines.insert((.warning, "\(label): \(dropped) log line(s) dropped: the log callback did not keep up"), at: 0)
            dropped = 0
        }
        queued += lines.count
        condition.unlock()
        let queuedLines = lines
        CallbackThread.shared.run { [self] in deliver(queuedLines, to: route) }
    }

    /// Calls the callback with each line (on the callback thread), unless its destination was replaced meanwhile.
    private func deliver(_ lines: [(Logger.Level, String)], to route: Route) {
        let thread = ObjectIdentifier(Thread.current)
        condition.lock()
        queued -= lines.count
        guard route.generation == self.route.generation, let callback = route.callback else {
            condition.unlock()
            return
        }
        deliveries.append(Delivery(generation: route.generation, thread: thread))
        condition.unlock()
        for (level, text) in lines {
            text.withCString { callback(Int32(Self.rank(level)), $0, UnsafeMutableRawPointer(bitPattern: route.context)) }
        }
        condition.lock()
        if let index = deliveries.firstIndex(where: { $0.thread == thread }) { deliveries.remove(at: index) }
        condition.broadcast()
        condition.unlock()
    }

    /// A line's cause: its logger and its message with every number (decimal, hexadecimal, with a sign or an
    /// exponent, `nan` and `inf`) written `#`. "ignored playbackRate -5.0", "ignored playbackRate 7e+30" and "ignored
    /// playbackRate -nan" are one cause; "9550 frame(s) clipped" and "12 frame(s) clipped" another. A digit inside a
    /// word ("mp3") stays.
    static func cause(label: String, message: String) -> String {
        var cause = label + ": "
        var rest = message.unicodeScalars[...]
        var inWord = false
        func isDigit(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { ("0"..."9").contains($0) } ?? false }
        func isLetter(_ scalar: Unicode.Scalar?) -> Bool { scalar?.properties.isAlphabetic ?? false }
        func isNumberScalar(_ scalar: Unicode.Scalar) -> Bool {
            isDigit(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar) || ".xX+-".unicodeScalars.contains(scalar)
        }
        while let scalar = rest.first {
            let unsigned = scalar == "-" ? rest.dropFirst() : rest
            let word = String(String.UnicodeScalarView(unsigned.prefix(3)))
            if !inWord, word == "nan" || word == "inf", !isLetter(unsigned.dropFirst(3).first) {
                rest = unsigned.dropFirst(3)
                cause += "#"
            } else if !inWord, isDigit(unsigned.first) {
                rest = unsigned.drop(while: isNumberScalar)
                cause += "#"
            } else {
                cause.unicodeScalars.append(scalar)
                rest = rest.dropFirst()
                inWord = isLetter(scalar) || isDigit(scalar) || scalar == "_"
                continue
            }
            inWord = false
        }
        return cause
    }

    /// A level's rank: swift-log's order, trace 0 … critical 6 (the C ABI's `CHW_LOG_*` values); `Int.max` for off.
    static func rank(_ level: Logger.Level?) -> Int {
        guard let level else { return Int.max }
        return Logger.Level.allCases.firstIndex(of: level) ?? Int.max
    }

    private static func level(rank: Int) -> Logger.Level {
        Logger.Level.allCases.indices.contains(rank) ? Logger.Level.allCases[rank] : .critical
    }

    // MARK: swift-log's backend

    private static let installation = LockedState(false)

    /// Makes ``RoutedLogHandler`` swift-log's backend, once, if swift-log still has its default (a `StreamLogHandler`
    /// at info level: nobody in this process bootstrapped it). The entry points that make engines, generators or
    /// device lists call it before they make anything that logs.
    static func installIfUnconfigured() {
        installation.withLock { installed in
            guard !installed else { return }
            installed = true
            let probe = Logger(label: "OpenCoreHaptics.CoreHapticsWrapper").handler
            guard probe is StreamLogHandler, probe.logLevel == .info else { return }
            LoggingSystem.bootstrap { label in RoutedLogHandler(label: label, routing: .shared, host: nil) }
        }
    }

    /// A logger for the C ABI's own lines: routed here, also in a process whose swift-log backend is its own (there
    /// its lines go to that backend until a C caller sets a callback).
    static func logger(label: String) -> Logger {
        installIfUnconfigured()
        let host = Logger(label: label).handler
        if host is RoutedLogHandler { return Logger(label: label) }
        return Logger(label: label) { label in RoutedLogHandler(label: label, routing: .shared, host: host) }
    }
}
