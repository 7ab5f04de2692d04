// Part 12 of haptic-controller-check (see main.swift): a pad off the kernel's gamepad layout, read through its SDL
// mapping line (issue 35, item 5). /init plugs in an arcade stick (padevice's joystick layout: BTN_TRIGGER … BTN_BASE6,
// 0 … 255 axes, a hat) when the driver marks `stickplug`; without a line it would not even be a controller (no
// BTN_GAMEPAD code), with its button A (BTN_THUMB) held as it is plugged in: the connect observer must read it
// pressed (the library reads a node's present state when it opens it, before it posts the connection). The driver's
// SDL_GAMECONTROLLERCONFIG has the line of MappedGamepadInputTests. Each FIFO byte
// (/tmp/st.input) makes the stick write one event; the handler of the element the line maps it to logs the value it
// got, and the next byte is written only once that handler has run. check.py pairs every handler call with the write
// before it (the element, its value, the latency).
#if os(Linux)
import Foundation
import HapticSystem
import OpenGameController

enum MappedPadPhase {
    static let stickName = "Acme Arcade Stick"
    /// How many times the seven inputs are set and put back (each a timed write -> handler).
    static let rounds = 5

    /// One input of the stick and the element its line maps it to: `set` writes the event whose value is `value`
    /// (Apple's), `reset` puts it back (a value within 0.01 of 0: the axes rest at 128 of 0 … 255).
    struct Input {
        var set: UInt8
        var reset: UInt8
        var element: String
        var value: Float
    }
    /// The line's mapping, event by event (MappedGamepadInputTests.line): BTN_THUMB is b1, `a`; ABS_Z is a2, `rightx`;
    /// ABS_RZ is a3, `righty` inverted (0, SDL's up, after `~` its down: Apple's −1); the hat's up is h0.1, `dpup`;
    /// BTN_BASE5 is b10, `-leftx`; BTN_BASE is b6, `lefttrigger`; ABS_Y is a1, `lefty` (0 is up: Apple's +1).
    static let inputs: [Input] = [
        Input(set: UInt8(ascii: "a"), reset: UInt8(ascii: "A"), element: "buttonA", value: 1),
        Input(set: UInt8(ascii: "z"), reset: UInt8(ascii: "Z"), element: "rightThumbstick.xAxis", value: 1),
        Input(set: UInt8(ascii: "r"), reset: UInt8(ascii: "R"), element: "rightThumbstick.yAxis", value: -1),
        Input(set: UInt8(ascii: "u"), reset: UInt8(ascii: "U"), element: "dpad.up", value: 1),
        Input(set: UInt8(ascii: "l"), reset: UInt8(ascii: "L"), element: "leftThumbstick.xAxis", value: -1),
        Input(set: UInt8(ascii: "t"), reset: UInt8(ascii: "T"), element: "leftTrigger", value: 1),
        Input(set: UInt8(ascii: "y"), reset: UInt8(ascii: "Y"), element: "leftThumbstick.yAxis", value: 1),
    ]

    /// Every handler call so far, by element: the values in order.
    static let seen = LockedState([String: [Float]]())

    /// Installs a handler on each element of `gamepad` that `inputs` drives; each call is logged and recorded.
    static func watch(_ gamepad: GCExtendedGamepad) {
        func got(_ element: String, _ value: Float) {
            log("MAPPED HANDLER \(element) value=\(value)")
            seen.withLock { $0[element, default: []].append(value) }
            recorder.record { _ in }  // wakes `wait(seconds:until:)`
        }
        gamepad.buttonA.valueChangedHandler = { _, value, _ in got("buttonA", value) }
        gamepad.rightThumbstick.xAxis.valueChangedHandler = { _, value in got("rightThumbstick.xAxis", value) }
        gamepad.rightThumbstick.yAxis.valueChangedHandler = { _, value in got("rightThumbstick.yAxis", value) }
        gamepad.dpad.up.valueChangedHandler = { _, value, _ in got("dpad.up", value) }
        gamepad.leftThumbstick.xAxis.valueChangedHandler = { _, value in got("leftThumbstick.xAxis", value) }
        gamepad.leftTrigger.valueChangedHandler = { _, value, _ in got("leftTrigger", value) }
        gamepad.leftThumbstick.yAxis.valueChangedHandler = { _, value in got("leftThumbstick.yAxis", value) }
    }

    /// What the stick's `GCControllerDidConnect` observer read: whether button A was pressed.
    static let heldAtConnect = LockedState<Bool?>(nil)

    static func run() {
        log("MAPPED start")
        let connectsBefore = recorder.connects(named: stickName).count
        let observer = NotificationCenter.default.addObserver(forName: .GCControllerDidConnect, object: nil, queue: nil) { note in
            guard let controller = note.object as? GCController, controller.vendorName == stickName else { return }
            let pressed = controller.extendedGamepad?.buttonA.isPressed ?? false
            heldAtConnect.withLock { $0 = pressed }
            recorder.record { _ in }  // wakes `wait(seconds:until:)`
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        mark("stickplug")
        guard wait(seconds: 20, until: { recorder.connects(named: stickName).count > connectsBefore }) else {
            fail("no GCControllerDidConnect for '\(stickName)' within 20 s of its plug (its SDL mapping line should make it a controller)")
        }
        guard let stick = GCController.controllers().first(where: { $0.vendorName == stickName }) else {
            fail("'\(stickName)' is not in GCController.controllers()")
        }
        guard let gamepad = stick.extendedGamepad else { fail("'\(stickName)' has no extendedGamepad") }
        log("MAPPED controller name='\(stickName)' category=\(stick.productCategory) haptics=\(stick.haptics != nil)")
        stick.handlerQueue = DispatchQueue(label: "haptic-controller-check.mapped")
        watch(gamepad)

        let input = EmulatorInput("/tmp/st.input", what: "the stick")
        defer { withExtendedLifetime(input) {} }  // open until the phase ends, as the emulator expects
        /// Writes `byte` and waits until `element`'s handler has been called once more with a value that `matches`.
        func reaches(_ byte: UInt8, _ element: String, seconds: Double, _ matches: (Float) -> Bool) -> Bool {
            let before = seen.withLock { $0[element]?.count ?? 0 }
            input.ask(byte)
            return wait(seconds: seconds) { seen.withLock { ($0[element] ?? []).dropFirst(before).contains(where: matches) } }
        }
        func drive(_ byte: UInt8, _ element: String, _ matches: (Float) -> Bool) {
            if !reaches(byte, element, seconds: 10, matches) {
                fail(
                    "input '\(Character(Unicode.Scalar(byte)))' did not reach \(element)'s handler within 10 s: \(seen.withLock { $0[element] ?? [] })"
                )
            }
        }
        // padevice wrote the press of button A right after creating the stick, before the library could open its node:
        // evdev sends only changes, so it is seen only if the library reads the node's present state at the open.
        // The observers of one notification run one after the other on the posting thread: the recorder's (registered
        // first) may have woken this thread before this phase's observer has run.
        guard wait(seconds: 20, until: { heldAtConnect.withLock { $0 } != nil }) else {
            fail("this phase's GCControllerDidConnect observer did not run for '\(stickName)' within 20 s")
        }
        let held = heldAtConnect.withLock { $0 }
        log("MAPPED held at plug: buttonA.isPressed=\(held.map(String.init) ?? "?") in the GCControllerDidConnect observer")
        guard held == true else {
            fail("the stick's button A, held as it was plugged in, read as released in the GCControllerDidConnect observer")
        }
        let first = inputs[0]
        drive(first.reset, first.element) { $0 == 0 }
        log("MAPPED timed start (button A held at the plug was pressed at the connection; its release was read)")
        for round in 1...rounds {
            for input in inputs { drive(input.set, input.element) { $0 == input.value } }
            log("MAPPED round \(round) set: every element read its mapped value")
            for input in inputs { drive(input.reset, input.element) { abs($0) < 0.01 } }
        }
        let state = [
            "buttonA.pressed=\(gamepad.buttonA.isPressed)", "leftTrigger=\(gamepad.leftTrigger.value)",
            "leftThumbstick=\(gamepad.leftThumbstick.xAxis.value),\(gamepad.leftThumbstick.yAxis.value)",
            "rightThumbstick=\(gamepad.rightThumbstick.xAxis.value),\(gamepad.rightThumbstick.yAxis.value)",
            "dpad.up=\(gamepad.dpad.up.isPressed)",
        ]
        sleep(seconds: 0.3)  // pacing: a late or duplicate handler call would be logged now
        log("MAPPED end \(rounds) rounds, \(inputs.count) elements; at rest: \(state.joined(separator: " "))")
    }
}
#endif
