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
}
