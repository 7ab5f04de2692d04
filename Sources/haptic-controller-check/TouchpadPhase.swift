// Part 9 of haptic-controller-check (see main.swift): a DualSense's touchpad (issue 35). The first emulated USB pad
// (dsemu ds1) is asked through its FIFO (/tmp/ds1.input) for two fingers on the touchpad with it pressed ('t'), then
// for both lifted ('u'); hid-playstation reports them on the pad's touchpad node, which OpenGameController reads beside
// the gamepad's. The handlers of touchpadPrimary, touchpadSecondary and touchpadButton log what they get, and
// check.py compares it with what the emulator sent (and times the emulator's write -> the primary point's handler).
#if os(Linux)
import Foundation
import HapticSystem
import OpenGameController

enum TouchpadPhase {
    /// Touches the touchpad of the pad behind /tmp/ds1.input; `dualSenses` are the USB DualSenses (which of them it is
    /// is told by which reads the touches).
    static func run(_ dualSenses: [GCController]) {
        let queue = DispatchQueue(label: "haptic-controller-check.touchpad")
        let pads = dualSenses.compactMap { $0.extendedGamepad as? GCDualSenseGamepad }
        guard pads.count == dualSenses.count else { fail("a USB DualSense without a GCDualSenseGamepad profile") }
        for (index, (controller, pad)) in zip(dualSenses, pads).enumerated() {
            let label = "DS\(index + 1)"
            controller.handlerQueue = queue
            // Each call also wakes `wait(seconds:until:)`, which looks again on every change the recorder sees.
            pad.touchpadPrimary.valueChangedHandler = { _, x, y in
                log("TOUCHPAD \(label) primary x=\(x) y=\(y)")
                recorder.record { _ in }
            }
            pad.touchpadSecondary.valueChangedHandler = { _, x, y in
                log("TOUCHPAD \(label) secondary x=\(x) y=\(y)")
                recorder.record { _ in }
            }
            pad.touchpadButton.pressedChangedHandler = { _, _, pressed in
                log("TOUCHPAD \(label) button pressed=\(pressed)")
                recorder.record { _ in }
            }
        }
        let input = EmulatorInput("/tmp/ds1.input", what: "the DualSense")
        defer { withExtendedLifetime(input) {} }  // open until the phase ends, as the emulator expects
        log("TOUCHPAD start")
        input.ask(UInt8(ascii: "t"))
        guard wait(seconds: 10, until: { pads.contains { $0.touchpadPrimary.xAxis.value == 1 && $0.touchpadButton.isPressed } }) else {
            fail("no DualSense's touchpadPrimary reached x 1 with its button pressed within 10 s of two fingers down")
        }
        input.ask(UInt8(ascii: "u"))
        guard wait(seconds: 10, until: { pads.allSatisfy { $0.touchpadPrimary.xAxis.value == 0 && !$0.touchpadButton.isPressed } }) else {
            fail("the DualSense's touchpad did not read 0, 0 and released within 10 s of the fingers lifting")
        }
        sleep(seconds: 0.5)  // pacing: late handler calls and current-controller notes would arrive now
        log("TOUCHPAD end")
    }

    /// Sets the first USB DualSense's light bar and player number (issue 35, item 3): hid-playstation sends them in
    /// its output report, which the emulator logs (`lightbar=R,G,B player_leds=0xNN`).
    static func light(_ controller: GCController) {
        guard let light = controller.light else { fail("a USB DualSense without a light (no LED class devices in sysfs?)") }
        log("LIGHT start color=\(light.color.red),\(light.color.green),\(light.color.blue)")
        light.color = GCColor(red: 1, green: 0.5, blue: 0)
        controller.playerIndex = .index2
        sleep(seconds: 0.5)  // pacing: the driver's output report reaches the emulator's log
        log("LIGHT end color=\(light.color.red),\(light.color.green),\(light.color.blue) player=\(controller.playerIndex.rawValue)")
    }
}
#endif
