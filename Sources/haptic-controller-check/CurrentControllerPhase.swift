// Part 6 of haptic-controller-check (see main.swift): GCController.current follows the pad the player touched last.
// The pads report input when asked through their FIFOs (/tmp/pa.input, /tmp/pb.input: padevice writes the events to
// uinput and logs when); the notifications are logged as they are posted, and check.py pairs the two.
#if os(Linux)
import Foundation
import HapticSystem
import OpenGameController

/// Drives the pads' input and checks what `GCController.current` and its notifications did.
final class CurrentControllerPhase {
    let padA: GCController
    let padB: GCController
    private let inputA = EmulatorInput("/tmp/pa.input", what: "pad A")
    private let inputB = EmulatorInput("/tmp/pb.input", what: "pad B")
    /// How many input changes are timed (alternately a press on pad B and a stick push on pad A).
    let timedChanges = 50

    init(padA: GCController, padB: GCController) {
        self.padA = padA
        self.padB = padB
    }

    private func became(_ controller: GCController) -> Int {
        recorder.state.withLock { $0.became.filter { $0.controller == ObjectIdentifier(controller) }.count }
    }
    private func left(_ controller: GCController) -> Int {
        recorder.state.withLock { $0.left.filter { $0.controller == ObjectIdentifier(controller) }.count }
    }
    private var totals: String {
        recorder.state.withLock { "became=\($0.became.count) left=\($0.left.count)" }
    }
    private func name(_ controller: GCController?) -> String { controller?.vendorName ?? "nil" }

    /// Asks `input`'s pad for `what` ("p" a button press, "n" stick jitter inside the dead zone, "s" a stick push) and
    /// waits until `controller` has become current once more.
    private func change(to controller: GCController, _ input: EmulatorInput, _ what: UInt8) {
        let before = became(controller)
        input.ask(what)
        guard wait(seconds: 10, until: { became(controller) > before }) else {
            fail("no GCControllerDidBecomeCurrent for '\(name(controller))' within 10 s of input '\(Character(Unicode.Scalar(what)))'")
        }
    }

    /// Where the pads' element handlers run (a queue of our own: the main thread is this scenario's).
    private let handlerQueue = DispatchQueue(label: "haptic-controller-check.input")

    /// Issue 35: the pads' elements take the same input — pad B's `buttonA` (`BTN_SOUTH`) logs each pressed change
    /// from its `pressedChangedHandler`, pad A's left thumbstick logs its x value from its axis's
    /// `valueChangedHandler`, each on the handler queue; check.py pairs them with the inputs written.
    private func watchElements() {
        padA.handlerQueue = handlerQueue
        padB.handlerQueue = handlerQueue
        guard let buttonA = padB.extendedGamepad?.buttonA, let stickX = padA.extendedGamepad?.leftThumbstick.xAxis else {
            fail("the pads have no extended gamepad")
        }
        buttonA.pressedChangedHandler = { _, value, pressed in log("ELEMENT B buttonA pressed=\(pressed) value=\(value)") }
        stickX.valueChangedHandler = { _, value in
            log("ELEMENT A leftThumbstick.xAxis value=\(value)")
            recorder.record { _ in }  // wakes `wait(seconds:until:)` (the timed loop waits for a push's release)
        }
    }

    func run() {
        watchElements()
        guard wait(seconds: 5, until: { recorder.state.withLock { !$0.became.isEmpty } }) else {
            fail("no GCControllerDidBecomeCurrent after discovery")
        }
        let initial = GCController.current
        if initial === padA || initial === padB { fail("a pad is current before any input: '\(name(initial))'") }
        log("CURRENT start initial='\(name(initial))' \(totals)")
        change(to: padB, inputB, UInt8(ascii: "p"))
        sleep(seconds: 0.5)  // pacing: a late duplicate would arrive now
        log(
            "CURRENT B pressed current='\(name(GCController.current))' became-B=\(became(padB)) left-initial=\(initial.map(left) ?? -1) \(totals)"
        )
        for _ in 0..<3 { inputB.ask(UInt8(ascii: "p")) }
        inputA.ask(UInt8(ascii: "n"))
        sleep(seconds: 1.0)  // pacing: what the presses on the current pad and the jitter on pad A would post arrives now
        log("CURRENT B pressed 3 times, A jittered current='\(name(GCController.current))' \(totals)")
        change(to: padA, inputA, UInt8(ascii: "p"))
        sleep(seconds: 0.5)  // pacing: a late duplicate would arrive now
        log("CURRENT A pressed current='\(name(GCController.current))' became-A=\(became(padA)) left-B=\(left(padB)) \(totals)")
        log("CURRENT TIMED start \(timedChanges) changes")
        for index in 0..<timedChanges {
            if index % 2 == 0 {
                change(to: padB, inputB, UInt8(ascii: "p"))
            } else {
                change(to: padA, inputA, UInt8(ascii: "s"))
                // padevice writes the push (ABS_X 30000) and the release (ABS_X 0) in two writes: when the reader sees
                // them apart, the release is a use of pad A too, and it must land before pad B is pressed again, or it
                // makes pad A current once more and the next push posts nothing.
                guard wait(seconds: 10, until: { padA.extendedGamepad?.leftThumbstick.xAxis.value == 0 }) else {
                    fail("pad A's stick push was not released within 10 s")
                }
            }
        }
        sleep(seconds: 0.5)  // pacing: late duplicates would arrive now
        log("CURRENT TIMED end current='\(name(GCController.current))' \(totals)")
    }

    /// Pad B pressed while both pads play, so that it is current when it is unplugged.
    func pressBeforeUnplug() {
        change(to: padB, inputB, UInt8(ascii: "p"))
        log("CURRENT B pressed before the unplug current='\(name(GCController.current))' \(totals)")
    }

    /// After pad B's unplug: it stopped being current, and pad A (used most recently before it) became current.
    func checkAfterUnplug() {
        guard wait(seconds: 10, until: { GCController.current === padA }) else {
            fail("pad A did not become current after pad B's unplug (current '\(name(GCController.current))')")
        }
        sleep(seconds: 0.5)  // pacing: late duplicates would arrive now
        log("CURRENT after the unplug current='\(name(GCController.current))' left-B=\(left(padB)) \(totals)")
    }
}
#endif
