import ArgumentParser
import Dispatch
import Foundation
import OpenGameController

/// `haptic pad [<controller>]`: a game controller's input as a game sees it through OpenGameController — each
/// element's Apple name and value as it changes — until Ctrl-C, for a user checking how a pad is mapped.
struct PadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pad",
        abstract: "Print a game controller's input live (Apple's element name and value per change) until Ctrl-C, to check its mapping.",
        discussion: """
            Each line is one change, as GameController's extendedGamepad reports it: a button's value and whether it is \
            pressed, a d-pad's or thumbstick's x and y. With --motion the pad's motion sensors are turned on \
            (GCMotion.sensorsActive) and their acceleration (g) and rotation rate (rad/s) printed, at most 10 times a second.
            """)

    @Argument(help: "The controller: its number in `haptic devices` (1, 2, …) or part of its name.") var controller = "1"
    @Flag(help: "Also print the motion sensors' acceleration and rotation rate (pads with motion sensors).") var motion = false
    @Option(help: "Stop after this many lines (default: until Ctrl-C).") var count: Int?

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
    }

    func run() throws {
        let pad = try PlaybackOutput.chooseController(controller)
        if motion, pad.motion == nil {
            printError(terminalSafe("haptic: error: \(pad.vendorName ?? pad.info.id) has no motion sensors"))
            throw ExitCode(1)
        }
        let done = DispatchSemaphore(value: 0)
        let monitor = PadMonitor(controller: pad, motion: motion, limit: count) { line in
            print(terminalSafe(line))
            fflush(nil)
        } finished: {
            done.signal()
        }
        let interrupt = InterruptSignal { _ in done.signal() }
        defer { interrupt.cancel() }
        print(terminalSafe(monitor.header))
        fflush(nil)
        monitor.start()
        done.wait()
        monitor.stop()
        if let signal = interrupt.signalNumber { throw ExitCode(128 + signal) }
    }
}

/// Prints a controller's input changes as lines (``PadCommand``'s work, kept apart so tests drive it with a simulated
/// pad): its physical input profile's changes, and its motion while asked.
///
/// - Thread safety: `start` and `stop` from one thread; the lines come from the monitor's own queue, in order.
final class PadMonitor: @unchecked Sendable {
    // @unchecked: the counters are only touched on `queue`; the closures are called there.
    private let controller: GCController
    private let motion: Bool
    private let limit: Int?
    private let emit: (String) -> Void
    private let finished: () -> Void
    private let queue = DispatchQueue(label: "haptic.pad")
    private var lines = 0
    private var lastMotion: DispatchTime?

    /// A monitor of `controller` (and of its motion sensors when `motion`) that gives each line to `emit`, and calls
    /// `finished` once after `limit` lines.
    init(controller: GCController, motion: Bool, limit: Int?, emit: @escaping (String) -> Void, finished: @escaping () -> Void) {
        self.controller = controller
        self.motion = motion
        self.limit = limit
        self.emit = emit
        self.finished = finished
    }

    /// The first line: which pad, its profile, how to stop.
    var header: String {
        let profile = controller.extendedGamepad.map { String(describing: type(of: $0)) } ?? "GCMicroGamepad"
        return "Reading \(controller.vendorName ?? controller.info.id) (\(profile)\(motion ? ", motion on" : "")); Ctrl-C stops."
    }

    /// Starts printing (on the monitor's queue, which becomes the controller's handler queue).
    func start() {
        controller.handlerQueue = queue
        // Each element's own handler: it is given the value of its change (the profile's is given only the element,
        // whose value may have moved on by the time the handler runs).
        let profile = controller.physicalInputProfile
        for (name, button) in profile.buttons {
            button.valueChangedHandler = { [self] _, value, pressed in line(Self.describe(name, value: value, pressed: pressed)) }
        }
        for (name, pad) in profile.dpads {
            pad.valueChangedHandler = { [self] _, x, y in line(Self.describe(name, x: x, y: y)) }
        }
        guard motion, let sensors = controller.motion else { return }
        sensors.valueChangedHandler = { [self] sensors in
            // A pad reports hundreds of times a second: at most ten lines a second.
            let now = DispatchTime.now()
            if let last = lastMotion, now.uptimeNanoseconds - last.uptimeNanoseconds < 100_000_000 { return }
            lastMotion = now
            let a = sensors.acceleration
            let r = sensors.rotationRate
            line(
                "Motion acceleration \(Self.number(a.x)) \(Self.number(a.y)) \(Self.number(a.z)) g, rotation rate "
                    + "\(Self.number(r.x)) \(Self.number(r.y)) \(Self.number(r.z)) rad/s")
        }
        sensors.sensorsActive = true
    }

    /// Stops printing; the motion sensors go off again.
    func stop() {
        let profile = controller.physicalInputProfile
        for button in profile.buttons.values { button.valueChangedHandler = nil }
        for pad in profile.dpads.values { pad.valueChangedHandler = nil }
        controller.motion?.valueChangedHandler = nil
        if motion { controller.motion?.sensorsActive = false }
        queue.sync {}
    }

    private func line(_ text: String) {
        if let limit, lines >= limit { return }
        lines += 1
        emit(text)
        if let limit, lines == limit { finished() }
    }

    /// A button's or trigger's line: its Apple name, value 0 … 1, and whether it is pressed.
    static func describe(_ name: String, value: Float, pressed: Bool) -> String {
        "\(name) \(number(Double(value), signed: false))\(pressed ? " pressed" : "")"
    }

    /// A d-pad's or thumbstick's line: its Apple name, x and y −1 … 1 (up positive).
    static func describe(_ name: String, x: Float, y: Float) -> String {
        "\(name) x \(number(Double(x))) y \(number(Double(y)))"
    }

    /// `value` with three decimals (and a sign when `signed`); −0 shows as 0.
    static func number(_ value: Double, signed: Bool = true) -> String {
        String(format: signed ? "%+.3f" : "%.3f", value + 0)
    }
}
