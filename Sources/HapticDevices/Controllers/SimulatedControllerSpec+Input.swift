extension SimulatedControllerSpec {
    /// The absolute axes a simulated pad reports, by evdev code, with the ranges the kernel's driver of the real pad
    /// gives them: sticks `ABS_X`, `ABS_Y`, `ABS_RX`, `ABS_RY`, triggers `ABS_Z`, `ABS_RZ` and the d-pad's hat
    /// `ABS_HAT0X`, `ABS_HAT0Y`. Input given to a simulated pad is judged against these, as a real pad's is.
    public var axisRanges: [UInt16: PadAxisRange] {
        let stick: PadAxisRange
        let trigger: PadAxisRange
        switch model {
        case .xbox, .generic:
            // xpad: sticks −32768 … 32767 with a flat of 128, triggers 0 … 1023.
            stick = PadAxisRange(minimum: -32_768, maximum: 32_767, flat: 128)
            trigger = PadAxisRange(minimum: 0, maximum: 1_023)
        case .dualsense:
            // hid-playstation: sticks (centred at 128) and triggers 0 … 255, no flat.
            stick = PadAxisRange(minimum: 0, maximum: 255, value: 128)
            trigger = PadAxisRange(minimum: 0, maximum: 255)
        }
        let hat = PadAxisRange(minimum: -1, maximum: 1)
        return [0x00: stick, 0x01: stick, 0x03: stick, 0x04: stick, 0x02: trigger, 0x05: trigger, 0x10: hat, 0x11: hat]
    }
}
