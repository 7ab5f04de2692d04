// Soak test (issue 8): a real-time engine on the null device playing random patterns with random live changes at a
// high rate for minutes. Reports once a period; at the end fails (exit 1) unless memory stayed flat, no players,
// programs or curves leaked, and every completion was delivered exactly once. Run through Scripts/soak.sh.
//
//   haptic-soak [--seconds 600] [--report-every 60] [--warm-up 60] [--max-rss-growth-mb 8] [--corpus DIR] [--seed N]
import Foundation
import HapticEngine
import HapticRender
import HapticSystem
import OpenCoreHaptics

// MARK: Options

struct Options {
    var seconds = 600.0
    var reportEvery = 60.0
    var warmUp: Double?
    var maxRSSGrowthMB = 8.0
    var corpus: String?
    var seed = UInt64(UInt32.random(in: 1...UInt32.max))

    init(_ arguments: [String]) {
        var i = 0
        func value() -> String {
            i += 1
            guard i < arguments.count else { usage("missing value for \(arguments[i - 1])") }
            return arguments[i]
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--seconds": seconds = parse(value(), "--seconds needs a number")
            case "--report-every": reportEvery = parse(value(), "--report-every needs a number")
            case "--warm-up": warmUp = parse(value(), "--warm-up needs a number") as Double
            case "--max-rss-growth-mb": maxRSSGrowthMB = parse(value(), "--max-rss-growth-mb needs a number")
            case "--corpus": corpus = value()
            case "--seed": seed = parse(value(), "--seed needs an integer")
            case "-h", "--help": usage(nil)
            default: usage("unknown argument \(arguments[i])")
            }
            i += 1
        }
    }

    /// RSS is compared from this point on (after pools, caches and the allocator have settled).
    var warmUpSeconds: Double { warmUp ?? min(60, seconds / 3) }
}

func parse<T: LosslessStringConvertible>(_ text: String, _ complaint: String) -> T {
    guard let value = T(text) else { usage(complaint) }
    return value
}

func usage(_ message: String?) -> Never {
    if let message { FileHandle.standardError.write(Data("haptic-soak: \(message)\n".utf8)) }
    print("usage: haptic-soak [--seconds S] [--report-every S] [--warm-up S] [--max-rss-growth-mb M] [--corpus DIR] [--seed N]")
    exit(message == nil ? 0 : 2)
}

// MARK: Measurements

/// Resident set size in MiB, from /proc/self/statm.
func residentMB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return -1 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// Every started run, and its completions: each must arrive exactly once.
final class Ledger: Sendable {
    struct Counts {
        var pending: Set<Int> = []
        var expected = 0
        var delivered = 0
        var withError = 0
        var unexpected = 0  // a completion for a run that was not pending: a duplicate or a run that never started
        /// Players that were resumed: a resume of a player whose run has just ended starts a new run (the engine's
        /// documented behaviour), whose completion the ledger cannot foresee.
        var resumed: Set<Int> = []
        var afterResume = 0
    }
    private let counts = LockedState(Counts())

    func started(_ id: Int) {
        counts.withLock {
            $0.pending.insert(id)
            $0.expected += 1
        }
    }

    func completed(_ id: Int, error: (any Error)?) {
        counts.withLock {
            if $0.pending.remove(id) == nil {
                if $0.resumed.remove(id) != nil { $0.afterResume += 1 } else { $0.unexpected += 1 }
            } else {
                $0.delivered += 1
                if error != nil { $0.withError += 1 }
            }
        }
    }

    /// A start that threw: no completion is due.
    func refused(_ id: Int) {
        counts.withLock {
            if $0.pending.remove(id) != nil { $0.expected -= 1 }
        }
    }

    /// A resume was sent to player `id`.
    func resuming(_ id: Int) { counts.withLock { _ = $0.resumed.insert(id) } }

    func isPending(_ id: Int) -> Bool { counts.withLock { $0.pending.contains(id) } }
    var snapshot: Counts { counts.withLock { $0 } }
}

/// SplitMix64: a seeded generator, so a failing run can be repeated with `--seed`.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: Random content

struct Soak {
    let options: Options
    var random: SeededGenerator
    let engine: CHHapticEngine
    let ledger = Ledger()
    var generated: [CHHapticPattern] = []
    var corpus: [CHHapticPattern] = []
    var active: [(player: any CHHapticAdvancedPatternPlayer, id: Int, deadline: Double, paused: Bool)] = []
    var nextID = 0
    var operations = 0
    var failedCalls = 0
    var engineRestarts = 0
    var patternsMade = 0
    let maxActive = 120

    init(options: Options) throws {
        self.options = options
        random = SeededGenerator(state: options.seed)
        engine = try CHHapticEngine()
    }

    mutating func number(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
    mutating func chance(_ p: Double) -> Bool { number(0...1) < p }

    mutating func randomPattern() throws -> CHHapticPattern {
        var events: [CHHapticEvent] = []
        var time = 0.0
        for _ in 0..<Int.random(in: 1...12, using: &random) {
            let parameters = [
                CHHapticEventParameter(parameterID: .hapticIntensity, value: Float(number(0...1))),
                CHHapticEventParameter(parameterID: .hapticSharpness, value: Float(number(0...1))),
            ]
            if chance(0.5) {
                events.append(CHHapticEvent(eventType: .hapticTransient, parameters: parameters, relativeTime: time))
            } else {
                let extra = [
                    CHHapticEventParameter(parameterID: .attackTime, value: Float(number(0...0.2))),
                    CHHapticEventParameter(parameterID: .releaseTime, value: Float(number(0...0.2))),
                ]
                events.append(
                    CHHapticEvent(
                        eventType: .hapticContinuous, parameters: parameters + extra, relativeTime: time,
                        duration: number(0.01...0.6)))
            }
            time += number(0...0.15)
        }
        patternsMade += 1
        if chance(0.5) {
            var curves: [CHHapticParameterCurve] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                var points: [CHHapticParameterCurve.ControlPoint] = []
                var t = 0.0
                for _ in 0..<Int.random(in: 2...8, using: &random) {
                    points.append(.init(relativeTime: t, value: Float(number(0...1))))
                    t += number(0.01...0.2)
                }
                curves.append(
                    CHHapticParameterCurve(
                        parameterID: chance(0.5) ? .hapticIntensityControl : .hapticSharpnessControl, controlPoints: points,
                        relativeTime: number(0...time)))
            }
            return try CHHapticPattern(events: events, parameterCurves: curves)
        }
        return try CHHapticPattern(
            events: events,
            parameters: [
                CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: Float(number(0...1)), relativeTime: number(0...time))
            ])
    }

    mutating func randomParameter() -> CHHapticDynamicParameter {
        let choices: [(CHHapticDynamicParameter.ID, ClosedRange<Double>)] = [
            (.hapticIntensityControl, 0...1), (.hapticSharpnessControl, -1...1), (.hapticAttackTimeControl, -1...1),
            (.hapticDecayTimeControl, -1...1), (.hapticReleaseTimeControl, -1...1), (.audioVolumeControl, 0...1),
        ]
        let (id, range) = choices[Int.random(in: 0..<choices.count, using: &random)]
        return CHHapticDynamicParameter(parameterID: id, value: Float(number(range)), relativeTime: number(0...0.05))
    }

    mutating func loadCorpus() {
        guard let directory = options.corpus,
            let files = FileManager.default.enumerator(atPath: directory)
        else { return }
        for case let path as String in files where path.hasSuffix(".ahap") {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(path)
            guard let pattern = try? CHHapticPattern(contentsOf: url),
                (try? engine.makeAdvancedPlayer(with: pattern)) != nil  // custom audio it cannot find: skip
            else { continue }
            corpus.append(pattern)
        }
    }

    // MARK: Operations

    /// One random operation, as an app might make it.
    mutating func step(now: Double) {
        operations += 1
        let roll = number(0...1)
        do {
            switch roll {
            case ..<0.30 where active.count < maxActive:
                try startPlayer(now: now)
            case ..<0.55 where !active.isEmpty:
                let i = Int.random(in: 0..<active.count, using: &random)
                let parameters = (0..<Int.random(in: 1...3, using: &random)).map { _ in randomParameter() }
                try active[i].player.sendParameters(parameters, atTime: chance(0.7) ? 0 : engine.currentTime + number(0...0.05))
            case ..<0.65 where !active.isEmpty:
                let i = Int.random(in: 0..<active.count, using: &random)
                var points: [CHHapticParameterCurve.ControlPoint] = []
                for k in 0..<Int.random(in: 2...6, using: &random) {
                    points.append(.init(relativeTime: Double(k) * number(0.01...0.1), value: Float(number(0...1))))
                }
                try active[i].player.scheduleParameterCurve(
                    CHHapticParameterCurve(
                        parameterID: chance(0.5) ? .hapticIntensityControl : .hapticSharpnessControl, controlPoints: points,
                        relativeTime: 0), atTime: 0)
            case ..<0.70 where !active.isEmpty:
                try active[Int.random(in: 0..<active.count, using: &random)].player.seek(toOffset: number(0...1))
            case ..<0.75 where !active.isEmpty:
                let i = Int.random(in: 0..<active.count, using: &random)
                if active[i].paused {
                    ledger.resuming(active[i].id)
                    try active[i].player.resume(atTime: 0)
                    active[i].paused = false
                } else {
                    try active[i].player.pause(atTime: 0)
                    active[i].paused = true
                }
            case ..<0.82 where !active.isEmpty:
                let i = Int.random(in: 0..<active.count, using: &random)
                if chance(0.5) {
                    try active[i].player.stop(atTime: chance(0.5) ? 0 : engine.currentTime + number(0...0.1))
                } else {
                    try active[i].player.cancel()
                }
            case ..<0.84 where !generated.isEmpty:
                // Churn compiled programs: an old pattern goes, a new one comes.
                generated[Int.random(in: 0..<generated.count, using: &random)] = try randomPattern()
            default:
                break
            }
        } catch {
            failedCalls += 1
        }
        // Players past their deadline are stopped; finished ones are dropped.
        var i = 0
        while i < active.count {
            if !ledger.isPending(active[i].id) {
                active.swapAt(i, active.count - 1)
                active.removeLast()
                continue
            }
            if now > active[i].deadline {
                do { try active[i].player.stop(atTime: 0) } catch { failedCalls += 1 }
                active[i].deadline = .infinity
            }
            i += 1
        }
    }

    mutating func startPlayer(now: Double) throws {
        let useCorpus = !corpus.isEmpty && chance(0.25)
        let pattern =
            useCorpus
            ? corpus[Int.random(in: 0..<corpus.count, using: &random)]
            : generated[Int.random(in: 0..<generated.count, using: &random)]
        let player = try engine.makeAdvancedPlayer(with: pattern)
        let id = nextID
        nextID += 1
        let ledger = self.ledger
        player.completionHandler = { error in ledger.completed(id, error: error) }
        if chance(0.2) { player.loopEnabled = true }
        if chance(0.1) { player.playbackRate = Float(number(0.5...2)) }
        if chance(0.1) { try player.seek(toOffset: number(0...0.3)) }
        // Recorded before the start: a short run (or one seeked past its end) can complete before start returns.
        ledger.started(id)
        do {
            try player.start(atTime: chance(0.7) ? 0 : engine.currentTime + number(0...0.1))
        } catch {
            ledger.refused(id)
            throw error
        }
        active.append((player, id, now + number(0.2...3), false))
    }

    mutating func restartEngine() {
        engineRestarts += 1
        if chance(0.5) {
            engine.stop()
        } else {
            let done = DispatchSemaphore(value: 0)
            engine.stop { _ in done.signal() }
            done.wait()
        }
        do { try engine.start() } catch { failedCalls += 1 }
    }

    // MARK: Run

    mutating func run() -> Bool {
        print(
            "haptic-soak: seed \(options.seed), \(Int(options.seconds)) s, report every \(Int(options.reportEvery)) s, "
                + "RSS compared after \(Int(options.warmUpSeconds)) s (bound \(options.maxRSSGrowthMB) MiB)")
        loadCorpus()
        for _ in 0..<24 { if let pattern = try? randomPattern() { generated.append(pattern) } }
        print("haptic-soak: \(corpus.count) corpus patterns from \(options.corpus ?? "(none)"), \(generated.count) generated")
        do { try engine.start() } catch {
            print("haptic-soak: FAILED: the engine did not start: \(error)")
            return false
        }
        let t0 = Date()
        var nextReport = options.reportEvery
        var nextRestart = number(5...15)
        var warmRSS: Double?
        var peakRSS = 0.0
        let startRSS = residentMB()
        report(elapsed: 0, rss: startRSS)
        while true {
            let now = Date().timeIntervalSince(t0)
            if now >= options.seconds { break }
            step(now: now)
            if now >= nextRestart {
                restartEngine()
                nextRestart = now + number(5...15)
            }
            if warmRSS == nil && now >= options.warmUpSeconds { warmRSS = residentMB() }
            if now >= nextReport {
                let rss = residentMB()
                peakRSS = max(peakRSS, rss)
                report(elapsed: now, rss: rss)
                nextReport += options.reportEvery
            }
            usleep(UInt32(number(200...800)))  // pacing: a random gap between the soak's actions
        }
        let endRSS = residentMB()
        report(elapsed: Date().timeIntervalSince(t0), rss: endRSS)

        // Teardown: stop (every run completes), wait for the callbacks, drop everything.
        let done = DispatchSemaphore(value: 0)
        engine.stop { _ in done.signal() }
        done.wait()
        let retainedAfterStop = engine.runtime.retainedObjectCount
        active.removeAll()
        generated.removeAll()
        corpus.removeAll()
        // What the engine's queues still hold (a service pass, callbacks) runs and lets go before the counts.
        engine.runtime.waitForQueuedWork()
        let counts = ledger.snapshot
        let players = EngineLiveCounters.livePlayers
        let programs = LiveObjectCounters.livePatternPrograms
        let curves = LiveObjectCounters.liveCurvePrograms

        var failures: [String] = []
        let growth = endRSS - (warmRSS ?? startRSS)
        if growth > options.maxRSSGrowthMB {
            failures.append(String(format: "RSS grew %.1f MiB after warm-up (bound %.1f)", growth, options.maxRSSGrowthMB))
        }
        if !counts.pending.isEmpty { failures.append("\(counts.pending.count) completions never delivered") }
        if counts.unexpected != 0 { failures.append("\(counts.unexpected) unexpected (duplicate) completions") }
        if counts.delivered != counts.expected { failures.append("completions \(counts.delivered) of \(counts.expected)") }
        if players != 0 { failures.append("\(players) players leaked") }
        if programs != 0 { failures.append("\(programs) compiled programs leaked") }
        if curves != 0 { failures.append("\(curves) compiled curves leaked") }
        if retainedAfterStop != 0 { failures.append("\(retainedAfterStop) objects still retained by a stopped engine") }

        print(
            String(
                format: "haptic-soak: summary: %.0f s, %d operations, %d patterns compiled, %d engine restarts, %d refused calls",
                options.seconds, operations, patternsMade, engineRestarts, failedCalls))
        print(
            String(
                format:
                    "haptic-soak: RSS start %.1f MiB, after warm-up %.1f MiB, peak %.1f MiB, end %.1f MiB (growth after warm-up %+.1f MiB)",
                startRSS, warmRSS ?? startRSS, max(peakRSS, endRSS), endRSS, growth))
        print(
            "haptic-soak: completions expected \(counts.expected), delivered \(counts.delivered) "
                + "(\(counts.withError) with an error), missing \(counts.pending.count), unexpected \(counts.unexpected), "
                + "runs started by resuming an ended player \(counts.afterResume)")
        print("haptic-soak: after teardown: live players \(players), live programs \(programs), live curves \(curves)")
        if failures.isEmpty {
            print("haptic-soak: PASSED")
            return true
        }
        for failure in failures { print("haptic-soak: FAILED: \(failure)") }
        return false
    }

    func report(elapsed: Double, rss: Double) {
        let counts = ledger.snapshot
        print(
            String(
                format: "[%6.0f s] RSS %.1f MiB | players live %d, playing %d, engine runs %d | programs live %d, curves live %d, "
                    + "retained by engine %d | completions expected %d, delivered %d, pending %d, unexpected %d | ops %d",
                elapsed, rss, EngineLiveCounters.livePlayers, active.count, engine.runtime.activeRunCount,
                LiveObjectCounters.livePatternPrograms, LiveObjectCounters.liveCurvePrograms,
                engine.runtime.retainedObjectCount, counts.expected, counts.delivered, counts.pending.count, counts.unexpected,
                operations))
        fflush(nil)
    }
}

if ProcessInfo.processInfo.environment["HAPTIC_DEVICE"] == nil { setenv("HAPTIC_DEVICE", "null", 1) }
let options = Options(Array(CommandLine.arguments.dropFirst()))
do {
    var soak = try Soak(options: options)
    exit(soak.run() ? 0 : 1)
} catch {
    print("haptic-soak: FAILED: \(error)")
    exit(1)
}
