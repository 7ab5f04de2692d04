import HapticDevices

extension ControllerRegistry {
    /// Gives the simulated controller `controller` an input event, as its pad's evdev node would (a test's hand on a
    /// pad that does not exist): a button press, or an axis moved beyond its dead zone, makes it
    /// ``GCController/current``.
    ///
    /// - Returns: whether the event counted as the player using the pad (`false` for noise inside the dead zone, a
    ///   release, a controller that is not simulated or not connected).
    @discardableResult
    package func simulateInput(_ event: PadInputEvent, on controller: GCController) -> Bool {
        simulateInput([event], on: controller)
    }

    /// Gives the simulated controller `controller` a batch of input events, as one read of its pad's evdev node
    /// would (a stick's two axes together): its profile's elements take them and their handlers run.
    ///
    /// - Returns: whether the batch counted as the player using the pad.
    @discardableResult
    package func simulateInput(_ events: [PadInputEvent], on controller: GCController) -> Bool {
        _ = controllers()
        return input.simulate(events, on: controller)
    }

    /// Gives the simulated controller `controller` a batch of motion-sensor events, as one read of its pad's motion
    /// node would (`ABS_X` … `ABS_Z` acceleration at 8192 per g, `ABS_RX` … `ABS_RZ` rotation at 1024 per degree per
    /// second, hid-playstation's, in the pad's own axes): its ``GCController/motion`` takes them while its sensors are
    /// active. A pad declared with motion only (`simulated:dualsense+motion`).
    ///
    /// - Returns: whether the pad is simulated, connected and has motion (`false`: the events went nowhere).
    @discardableResult
    package func simulateMotion(_ events: [PadInputEvent], on controller: GCController) -> Bool {
        _ = controllers()
        return input.simulateMotion(events, on: controller)
    }
}
