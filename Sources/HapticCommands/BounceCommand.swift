import ArgumentParser
import Foundation
import HapticDevices
import HapticSystem

/// `haptic bounce`: Apple's HapticBounce sample as a terminal game.
internal struct BounceCommand: ParsableCommand {
    internal static let configuration = CommandConfiguration(
        commandName: "bounce",
        abstract: "HapticBounce in the terminal: a ball under gravity; every wall collision plays.",
        discussion: """
            A ball falls and bounces in a box; the arrow keys (or w a s d) point gravity left, right, up or down, \
            q quits. Every wall collision plays a transient and an audio event scaled by the impact speed exactly as \
            Apple's HapticBounce sample maps it: magnitude = speed / 5 m/s (clamped), intensity 0.375 → 1, \
            sharpness 0.9 → 0.5, volume 0.1 → 0.4, decay 0 → 0.1 s. The screen shows the collision count and the \
            last impact. Without a terminal (or with --frames/--seconds) it runs for a fixed time and prints one \
            line per collision instead of drawing; non-interactive runs last 5 seconds unless told otherwise.
            """
    )

    @Option(help: "The output: evdev:/dev/input/eventN, alsa:<pcm>, simulated[:profile], wav:<path> or null.")
    internal var device: String?
    @Option(help: "Stop after this many frames (60 per second).") internal var frames: Int?
    @Option(help: "Stop after this many seconds.") internal var seconds: Double?

    /// Frames per second of the game loop; physics runs two steps per frame.
    private static let framesPerSecond = 60.0

    internal func validate() throws {
        if let frames, !(1...5_184_000).contains(frames) { throw ValidationError("--frames must be 1 … 5184000 (a day at 60 per second)") }
        if let seconds, !(seconds > 0 && seconds <= 86_400) { throw ValidationError("--seconds must be more than 0, at most 86400") }
        try OutputDevice.validate(device)
    }

    internal func run() throws {
        let draws = RawTerminal.isTerminal(1)
        let readsKeys = RawTerminal.isTerminal(0)
        let output = try OutputDevice.select(id: device, meter: draws ? .off : .automatic)
        let haptics: BounceHaptics
        do {
            haptics = try BounceHaptics(device: output)
        } catch {
            printError(
                "haptic: error: cannot open the output device \(output.info.id) (\(output.info.name)): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        let interrupted = InterruptSignal { _ in }
        defer { interrupted.cancel() }

        // Limits: the options; else endless when keys can quit, 5 s when nothing can.
        let frameLimit = frames ?? Int.max
        let timeLimit = seconds ?? (frames == nil && !readsKeys ? 5 : .infinity)

        let terminal = RawTerminal()
        terminal.enter(keys: readsKeys, screen: draws)
        var world = BounceWorld()
        var collisions = 0
        var last: (impact: BounceHaptics.Impact, speed: Double)?
        var problems: [String] = []
        let start = MonotonicClock.now()
        var next = start
        var frame = 0
        var quit = false
        let size = RawTerminal.size(of: 1) ?? (80, 24)
        let screen = BounceScreen(columns: size.columns, rows: size.rows)
        if !draws {
            print(terminalSafe("Bouncing on \(output.info.id) — \(output.info.name)"))
        }

        while !quit, frame < frameLimit, MonotonicClock.now() - start < timeLimit, interrupted.signalNumber == nil {
            for _ in 0..<2 {
                guard let speed = world.step(0.5 / Self.framesPerSecond) else { continue }
                let impact = BounceHaptics.Impact(speed: speed)
                collisions += 1
                last = (impact, speed)
                if let problem = haptics.play(impact), problems.count < 3 { problems.append(problem) }
                if !draws {
                    print(
                        String(
                            format: "%6.2f s  collision %3d  speed %4.2f m/s  intensity %.2f  sharpness %.2f  volume %.2f  decay %.3f s",
                            MonotonicClock.now() - start, collisions, speed, impact.intensity, impact.sharpness, impact.volume, impact.decay
                        ))
                    fflush(nil)
                }
            }
            if draws { terminal.write(screen.text(world: world, collisions: collisions, last: last)) }
            frame += 1
            next += 1 / Self.framesPerSecond
            let now = MonotonicClock.now()
            if now - next > 0.25 { next = now }  // far behind (a loaded machine): skip ahead instead of racing
            repeat {
                let wait = next - MonotonicClock.now()
                if readsKeys {
                    // No more input (the terminal hung up): stop as if q had been pressed.
                    guard let keys = terminal.readKeys(waiting: wait) else {
                        quit = true
                        break
                    }
                    quit = handle(keys, world: &world) || quit
                } else if wait > 0 {
                    Thread.sleep(forTimeInterval: wait)  // pacing: the next animation frame
                }
            } while !quit && MonotonicClock.now() < next && interrupted.signalNumber == nil
        }

        terminal.restore()
        if let signal = interrupted.signalNumber {
            haptics.stopNow()
            printError("haptic: interrupted after \(collisions) collision\(collisions == 1 ? "" : "s"); output stopped")
            throw ExitCode(128 + signal)
        }
        haptics.finish()
        for problem in problems { printError("haptic: warning: a collision could not play: \(problem)") }
        let summary =
            last.map {
                "; last impact: intensity \(BounceScreen.fixed($0.impact.intensity)), sharpness \(BounceScreen.fixed($0.impact.sharpness))"
            } ?? ""
        print("\(collisions) collision\(collisions == 1 ? "" : "s") in \(frame) frame\(frame == 1 ? "" : "s")\(summary)")
    }

    /// Applies the keys; returns whether one of them quits.
    private func handle(_ bytes: [UInt8], world: inout BounceWorld) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            var key = byte
            // Arrows: ESC [ A…D (normal cursor keys) or ESC O A…D (application mode).
            if byte == 0x1B, index < bytes.count, bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "O") {
                guard index + 1 < bytes.count else { break }
                key = bytes[index + 1]
                index += 2
                switch key {
                case UInt8(ascii: "A"): key = UInt8(ascii: "w")
                case UInt8(ascii: "B"): key = UInt8(ascii: "s")
                case UInt8(ascii: "C"): key = UInt8(ascii: "d")
                case UInt8(ascii: "D"): key = UInt8(ascii: "a")
                default: continue
                }
            }
            switch key {
            case UInt8(ascii: "q"), UInt8(ascii: "Q"): return true
            case UInt8(ascii: "w"): world.tilt(x: 0, y: 1)
            case UInt8(ascii: "s"): world.tilt(x: 0, y: -1)
            case UInt8(ascii: "d"): world.tilt(x: 1, y: 0)
            case UInt8(ascii: "a"): world.tilt(x: -1, y: 0)
            default: break
            }
        }
        return false
    }
}
