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

    /// The axes of a simulated pad's motion-sensor node (``hasMotion``), by evdev code, as hid-playstation gives a
    /// DualSense's: accelerometer `ABS_X`, `ABS_Y`, `ABS_Z` over ±4 g at 8192 units per g, gyroscope `ABS_RX`,
    /// `ABS_RY`, `ABS_RZ` over ±2048 °/s at 1024 units per degree per second (`DS_ACC_RES_PER_G`,
    /// `DS_GYRO_RES_PER_DEG_S` in drivers/hid/hid-playstation.c). Empty without motion.
    public var motionAxisRanges: [UInt16: PadAxisRange] {
        guard hasMotion else { return [:] }
        let accelerometer = PadAxisRange(minimum: -4 * 8_192, maximum: 4 * 8_192, resolution: 8_192)
        let gyroscope = PadAxisRange(minimum: -2_048 * 1_024, maximum: 2_048 * 1_024, resolution: 1_024)
        return [0x00: accelerometer, 0x01: accelerometer, 0x02: accelerometer, 0x03: gyroscope, 0x04: gyroscope, 0x05: gyroscope]
    }
}
