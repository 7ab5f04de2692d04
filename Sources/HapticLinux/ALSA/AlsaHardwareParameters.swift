#if os(Linux)
/// The `snd_pcm_hw_params_*` calls that set a PCM's period size and count one by one, for `alsa:…?period=N&periods=M`
/// (`snd_pcm_set_params` only takes a total latency and picks the periods itself).
package struct AlsaHardwareParameters: @unchecked Sendable {
    // @unchecked: immutable C function pointers.

    /// `snd_pcm_hw_params_t *`.
    package typealias Parameters = OpaquePointer
    package typealias PCM = AlsaLibrary.PCM

    /// `int snd_pcm_hw_params_malloc(snd_pcm_hw_params_t **ptr)`.
    package let allocate: @convention(c) (UnsafeMutablePointer<Parameters?>) -> Int32
    /// `void snd_pcm_hw_params_free(snd_pcm_hw_params_t *obj)`.
    package let free: @convention(c) (Parameters) -> Void
    /// `int snd_pcm_hw_params_any(snd_pcm_t *pcm, snd_pcm_hw_params_t *params)`.
    package let any: @convention(c) (PCM, Parameters) -> Int32
    /// `int snd_pcm_hw_params_set_rate_resample(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int val)`.
    package let setRateResample: @convention(c) (PCM, Parameters, UInt32) -> Int32
    /// `int snd_pcm_hw_params_set_access(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, snd_pcm_access_t access)`.
    package let setAccess: @convention(c) (PCM, Parameters, Int32) -> Int32
    /// `int snd_pcm_hw_params_set_format(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, snd_pcm_format_t val)`.
    package let setFormat: @convention(c) (PCM, Parameters, Int32) -> Int32
    /// `int snd_pcm_hw_params_set_channels(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int val)`.
    package let setChannels: @convention(c) (PCM, Parameters, UInt32) -> Int32
    /// `int snd_pcm_hw_params_set_rate_near(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int *val, int *dir)`.
    package let setRateNear: @convention(c) (PCM, Parameters, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<Int32>?) -> Int32
    /// `int snd_pcm_hw_params_set_period_size_near(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, snd_pcm_uframes_t *val,
    /// int *dir)`.
    package let setPeriodSizeNear: @convention(c) (PCM, Parameters, UnsafeMutablePointer<UInt>, UnsafeMutablePointer<Int32>?) -> Int32
    /// `int snd_pcm_hw_params_set_periods_near(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int *val, int *dir)`.
    package let setPeriodsNear: @convention(c) (PCM, Parameters, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<Int32>?) -> Int32
    /// `int snd_pcm_hw_params(snd_pcm_t *pcm, snd_pcm_hw_params_t *params)`: installs the configuration.
    package let install: @convention(c) (PCM, Parameters) -> Int32

    /// Looks the calls up; `nil` when one is missing.
    init?(symbol: (String) -> UnsafeMutableRawPointer?) {
        func load<T>(_ name: String, _ type: T.Type) -> T? { symbol(name).map { unsafeBitCast($0, to: type) } }
        guard
            let allocate = load("snd_pcm_hw_params_malloc", (@convention(c) (UnsafeMutablePointer<Parameters?>) -> Int32).self),
            let free = load("snd_pcm_hw_params_free", (@convention(c) (Parameters) -> Void).self),
            let any = load("snd_pcm_hw_params_any", (@convention(c) (PCM, Parameters) -> Int32).self),
            let setRateResample = load("snd_pcm_hw_params_set_rate_resample", (@convention(c) (PCM, Parameters, UInt32) -> Int32).self),
            let setAccess = load("snd_pcm_hw_params_set_access", (@convention(c) (PCM, Parameters, Int32) -> Int32).self),
            let setFormat = load("snd_pcm_hw_params_set_format", (@convention(c) (PCM, Parameters, Int32) -> Int32).self),
            let setChannels = load("snd_pcm_hw_params_set_channels", (@convention(c) (PCM, Parameters, UInt32) -> Int32).self),
            let setRateNear = load(
                "snd_pcm_hw_params_set_rate_near",
                (@convention(c) (PCM, Parameters, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<Int32>?) -> Int32).self),
            let setPeriodSizeNear = load(
                "snd_pcm_hw_params_set_period_size_near",
                (@convention(c) (PCM, Parameters, UnsafeMutablePointer<UInt>, UnsafeMutablePointer<Int32>?) -> Int32).self),
            let setPeriodsNear = load(
                "snd_pcm_hw_params_set_periods_near",
                (@convention(c) (PCM, Parameters, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<Int32>?) -> Int32).self),
            let install = load("snd_pcm_hw_params", (@convention(c) (PCM, Parameters) -> Int32).self)
        else { return nil }
        self.allocate = allocate
        self.free = free
        self.any = any
        self.setRateResample = setRateResample
        self.setAccess = setAccess
        self.setFormat = setFormat
        self.setChannels = setChannels
        self.setRateNear = setRateNear
        self.setPeriodSizeNear = setPeriodSizeNear
        self.setPeriodsNear = setPeriodsNear
        self.install = install
    }

    /// Configures `pcm` for interleaved `format` × `channels` at `rate` with periods of about `periodFrames` frames,
    /// about `periodCount` of them. Returns 0 or the first negative ALSA error, with the call that failed.
    package func configure(
        _ pcm: AlsaLibrary.PCM, format: Int32, channels: UInt32, rate: UInt32, periodFrames: Int, periodCount: Int
    ) -> (result: Int32, call: String) {
        var parameters: Parameters?
        let allocated = allocate(&parameters)
        guard allocated >= 0, let parameters else { return (allocated < 0 ? allocated : -12, "snd_pcm_hw_params_malloc") }
        defer { free(parameters) }
        var actualRate = rate
        var period = UInt(max(1, periodFrames))
        var periods = UInt32(max(2, periodCount))
        let steps: [(String, () -> Int32)] = [
            ("snd_pcm_hw_params_any", { any(pcm, parameters) }),
            ("snd_pcm_hw_params_set_rate_resample", { setRateResample(pcm, parameters, 1) }),
            ("snd_pcm_hw_params_set_access", { setAccess(pcm, parameters, AlsaLibrary.accessReadWriteInterleaved) }),
            ("snd_pcm_hw_params_set_format", { setFormat(pcm, parameters, format) }),
            ("snd_pcm_hw_params_set_channels", { setChannels(pcm, parameters, channels) }),
            ("snd_pcm_hw_params_set_rate_near", { setRateNear(pcm, parameters, &actualRate, nil) }),
            ("snd_pcm_hw_params_set_period_size_near", { setPeriodSizeNear(pcm, parameters, &period, nil) }),
            ("snd_pcm_hw_params_set_periods_near", { setPeriodsNear(pcm, parameters, &periods, nil) }),
            ("snd_pcm_hw_params", { install(pcm, parameters) }),
        ]
        for (call, step) in steps {
            let result = step()
            if result < 0 { return (result, call) }
            // The engine renders at the rate it asked for: a PCM that only offers another is refused, not resampled wrong.
            if call == "snd_pcm_hw_params_set_rate_near" && actualRate != rate { return (-22, "\(call) (\(rate) Hz → \(actualRate) Hz)") }
        }
        return (0, "")
    }
}
#endif
