/// One sounding event: a piecewise-linear envelope plus, per kind, an amplitude/sharpness contribution to the
/// haptic bus, an oscillator, or sample playback. Trivially copyable; lives in the mixer's voice pool.
///
/// Envelope stages (``EnvelopeStage``): attack (rises at `attackStep` for `attackFrames`), hold (`holdFrames`),
/// release (falls from wherever it is to 0 over `releaseFrames`), done.
struct Voice {
    var kind: VoiceKind = .transient
    /// Next voice of the same player (−1 ends the list).
    var next: Int32 = -1
    /// Event intensity or volume.
    var level: Float = 0
    /// Event sharpness (haptic) or pitch (audio).
    var sharpness: Float = 0
    var pan: Float = 0
    var brightness: Float = 1
    /// Transients keep the sharpness they started with (Core Haptics picks the waveform at the start).
    var sharpnessIsFixed = false

    var env: Float = 0
    var envStep: Float = 0
    var envRemaining: Int = 0
    var stage: EnvelopeStage = .attack
    var attackStep: Float = 0
    var attackFrames: Int = 0
    var holdFrames: Int = 0
    var releaseFrames: Int = 0
    /// Whether the release in progress is a forced fade (stop, seek, cancel), which is real time, not pattern time.
    var isFading = false
    /// A gain that rises from 0 to 1 when a voice is resumed part-way (seek, start offset, loop wrap), so it does
    /// not click in: current value, change per frame, frames left (0 = no fade-in, `fade` is 1).
    var fade: Float = 1
    var fadeStep: Float = 0
    var fadeRemaining: Int = 0

    var phase: Float = 0
    var lowpassLeft: Float = 0
    var lowpassRight: Float = 0

    var samples: UnsafePointer<Float>? = nil
    var sampleFrameCount: Int = 0
    var sampleChannelCount: Int = 0
    var position: Double = 0
    /// Source frames per output frame at pitch 0.
    var baseStep: Double = 1
    var loops = false

    /// Whether the voice has finished.
    var isDone: Bool { @_noLocks @_noAllocation get { stage.isDone } }

    /// A silent voice.
    @_noLocks @_noAllocation
    init() {}

    /// Enters envelope stage `s`, skipping empty stages.
    @_noLocks @_noAllocation
    @inline(__always)
    mutating func enter(_ s: EnvelopeStage) {
        var s = s
        while true {
            stage = s
            switch s {
            case .attack:
                if attackFrames > 0 {
                    // The first frame already sounds: start one step up, so an event is audible on its own frame.
                    if env == 0 { env = Swift.min(attackStep, 1) }
                    envStep = attackStep
                    envRemaining = attackFrames
                    return
                }
                s = .hold
            case .hold:
                if holdFrames > 0 {
                    envStep = 0
                    envRemaining = holdFrames
                    return
                }
                s = .release
            case .release:
                if releaseFrames > 0 && env > 0 {
                    envStep = -env / Float(releaseFrames)
                    envRemaining = releaseFrames
                    return
                }
                env = 0
                s = .done
            case .done:
                env = 0
                envStep = 0
                envRemaining = Int.max
                return
            }
        }
    }

    /// Called when a stage's frames are used up.
    @_noLocks @_noAllocation
    @inline(__always)
    mutating func finishStage() {
        switch stage {
        case .attack: env = FastMath.clamp(env, 0, 1)
        case .hold: break
        case .release, .done: env = 0
        }
        enter(stage.next)
    }

    /// Fades out over `frames` frames from wherever the envelope is (stop, seek, cancel, voice reuse).
    @_noLocks @_noAllocation
    @inline(__always)
    mutating func forceRelease(frames: Int) {
        guard !stage.isDone else { return }
        if stage.isRelease && envRemaining <= frames { return }
        releaseFrames = Swift.max(frames, 1)
        isFading = true
        enter(.release)
    }

    /// Re-times a continuous voice for a playback-rate change: the rest of the current envelope stage and the
    /// stages still to come last `factor` times as many frames (old rate / new rate). The envelope value is kept and
    /// only its slope changes, so there is no click. Transients (a fixed waveform), custom audio (played at its own
    /// speed, as rate never changes pitch) and forced fades (real time) are left alone.
    @_noLocks @_noAllocation
    mutating func retime(by factor: Double) {
        guard !stage.isDone, !isFading else { return }
        switch kind {
        case .transient, .audioCustom: return
        case .hapticContinuous, .audioContinuous: break
        }
        holdFrames = FastMath.roundToInt(Double(holdFrames) * factor)
        releaseFrames = Swift.max(1, FastMath.roundToInt(Double(releaseFrames) * factor))
        let target = env + envStep * Float(envRemaining)
        let remaining = Swift.max(1, FastMath.roundToInt(Double(envRemaining) * factor))
        envStep = (target - env) / Float(remaining)
        envRemaining = remaining
    }

    /// Moves the voice `frames` output frames forward without sounding: the envelope goes through its stages as it
    /// would have; custom audio moves its read position by `sourceStep` source frames per output frame (looping as it
    /// plays), a tone its phase by `sourceStep` cycles per frame. Used to resume an event that started before a seek offset.
    @_noLocks @_noAllocation
    mutating func skip(frames n: Int, sourceStep: Double) {
        var left = n
        while left > 0 && !stage.isDone {
            let run = Swift.min(envRemaining, left)
            env += envStep * Float(run)
            envRemaining -= run
            left -= run
            if envRemaining == 0 { finishStage() }
        }
        guard !stage.isDone else { return }
        if case .audioContinuous = kind {
            let cycles = Double(phase) + sourceStep * Double(n)
            phase = Float(cycles - Double(Int(cycles)))
            return
        }
        guard case .audioCustom = kind else { return }
        position += sourceStep * Double(n)
        let last = Double(sampleFrameCount - 1)
        if position >= last {
            if loops && sampleFrameCount > 1 {
                position -= last * Double(Int(position / last))
            } else {
                stage = .done
                env = 0
            }
        }
    }

    /// Fades the voice in over `frames` frames (after ``skip(frames:sourceStep:)``; the first frame already sounds).
    @_noLocks @_noAllocation
    mutating func fadeIn(frames: Int) {
        guard frames > 1, !stage.isDone else { return }
        fadeStep = 1 / Float(frames)
        fade = fadeStep
        fadeRemaining = frames - 1
    }

    /// The run length of the next constant-slope piece: up to `limit` frames, split at the envelope stage end and at
    /// the end of a fade-in.
    @_noLocks @_noAllocation
    @inline(__always)
    func runLength(_ limit: Int) -> Int {
        let run = Swift.min(envRemaining, limit)
        return fadeRemaining > 0 ? Swift.min(run, fadeRemaining) : run
    }

    /// Advances the fade-in bookkeeping after a run of `run` frames whose final gain was `f`.
    @_noLocks @_noAllocation
    @inline(__always)
    mutating func finishFadeRun(_ run: Int, gain f: Float) {
        guard fadeRemaining > 0 else { return }
        fadeRemaining -= run
        if fadeRemaining <= 0 {
            fadeRemaining = 0
            fade = 1
            fadeStep = 0
        } else {
            fade = f
        }
    }

    /// Adds this haptic voice's amplitude and amplitude-weighted sharpness to the bus accumulators.
    ///
    /// `intensity`, `sharpnessControl` and `mute` are (value at the first frame, change per frame) pairs.
    @_noLocks @_noAllocation
    @inline(__always)
    mutating func renderHaptic(
        frames n: Int, amplitude: UnsafeMutablePointer<Float>, sharpnessWeight: UnsafeMutablePointer<Float>,
        intensity: (Float, Float), sharpnessControl: (Float, Float), mute: (Float, Float)
    ) {
        var k = 0
        let fixed = sharpnessIsFixed
        while k < n && !stage.isDone {
            let run = runLength(n - k)
            var e = env
            let step = envStep
            var f = fade
            let fs = fadeStep
            let base = level
            for j in k..<(k + run) {
                let x = Float(j)
                let a = base * (intensity.0 + intensity.1 * x) * (mute.0 + mute.1 * x) * e * f
                let s = fixed ? sharpness : FastMath.clamp(sharpness + sharpnessControl.0 + sharpnessControl.1 * x, 0, 1)
                amplitude[j] += a
                sharpnessWeight[j] += a * s
                e += step
                f += fs
            }
            env = e
            finishFadeRun(run, gain: f)
            envRemaining -= run
            k += run
            if envRemaining == 0 { finishStage() }
        }
    }

    /// Adds this audio voice's stereo output to the audio bus.
    ///
    /// Pitch and brightness are taken once per call (calls are split at every control change); volume and mute are
    /// ramped per frame; pan gains are interpolated between the first and the last frame.
    @_noLocks @_noAllocation
    @inline(__always)
    mutating func renderAudio(
        frames n: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, sampleRate: Float,
        volume: (Float, Float), pitch: Float, pan: (Float, Float), brightness: Float, mute: (Float, Float)
    ) {
        guard n > 0 else { return }
        let p = FastMath.clamp(self.sharpness + pitch, -1, 1)
        let b = FastMath.clamp(self.brightness + brightness, 0, 1)
        let panStart = FastMath.clamp(self.pan + pan.0, -1, 1)
        let panEnd = FastMath.clamp(self.pan + pan.0 + pan.1 * Float(n - 1), -1, 1)
        // Equal-power pan: θ = (pan + 1)·π/4, left = cos θ, right = sin θ (θ in cycles: (pan + 1)/8).
        let leftStart = FastMath.cosCycles((panStart + 1) * 0.125)
        let rightStart = FastMath.sinCycles((panStart + 1) * 0.125)
        let leftSlope = n > 1 ? (FastMath.cosCycles((panEnd + 1) * 0.125) - leftStart) / Float(n - 1) : 0
        let rightSlope = n > 1 ? (FastMath.sinCycles((panEnd + 1) * 0.125) - rightStart) / Float(n - 1) : 0
        if case .audioContinuous = kind {
            // Tone: 220·2^(2·pitch) Hz (55 … 880 Hz); brightness mixes in the 2nd and 3rd harmonics.
            let frequency = 220 * Float(FastMath.exp2(Double(2 * p)))
            let increment = frequency / sampleRate
            let h2 = 0.5 * b
            let h3 = 0.25 * b
            let norm = 1 / (1 + h2 + h3)
            var k = 0
            while k < n && !stage.isDone {
                let run = runLength(n - k)
                var e = env
                let step = envStep
                var f = fade
                let fs = fadeStep
                var ph = phase
                for j in k..<(k + run) {
                    let x = Float(j)
                    let s1 = FastMath.sinCycles(ph)
                    let c1 = FastMath.cosCycles(ph)
                    let s2 = 2 * s1 * c1
                    let s3 = s1 * (3 - 4 * s1 * s1)
                    let y = (s1 + h2 * s2 + h3 * s3) * norm
                    let g = level * (volume.0 + volume.1 * x) * (mute.0 + mute.1 * x) * e * f
                    left[j] += y * g * (leftStart + leftSlope * x)
                    right[j] += y * g * (rightStart + rightSlope * x)
                    e += step
                    f += fs
                    ph += increment
                    if ph >= 1 { ph -= 1 }
                }
                env = e
                finishFadeRun(run, gain: f)
                phase = ph
                envRemaining -= run
                k += run
                if envRemaining == 0 { finishStage() }
            }
            return
        }
        // Custom audio: linear-interpolation resampling; pitch transposes by 2^pitch (±1 octave); brightness is a
        // one-pole low-pass from 200 Hz (0) to bypass (1).
        guard let samples else {
            stage = .done
            return
        }
        let step = baseStep * FastMath.exp2(Double(p))
        let cutoff = 200 * FastMath.exp2(Double(b) * 6.644)  // 200 Hz … 20 kHz
        let alpha: Float = b >= 0.999 ? 1 : Float(1 - FastMath.exp(-Double(FastMath.twoPi) * cutoff / Double(sampleRate)))
        let frameCount = sampleFrameCount
        let stereo = sampleChannelCount == 2
        var k = 0
        while k < n && !stage.isDone {
            let run = runLength(n - k)
            var e = env
            let envelopeStep = envStep
            var gain = fade
            let fs = fadeStep
            var j = k
            while j < k + run {
                if position >= Double(frameCount - 1) {
                    if loops && frameCount > 1 {
                        position -= Double(frameCount - 1)
                    } else {
                        stage = .done
                        env = 0
                        return
                    }
                }
                let i = Int(position)
                let f = Float(position - Double(i))
                var l: Float
                var r: Float
                if stereo {
                    l = samples[2 * i] + (samples[2 * i + 2] - samples[2 * i]) * f
                    r = samples[2 * i + 1] + (samples[2 * i + 3] - samples[2 * i + 1]) * f
                } else {
                    l = samples[i] + (samples[i + 1] - samples[i]) * f
                    r = l
                }
                lowpassLeft += alpha * (l - lowpassLeft)
                lowpassRight += alpha * (r - lowpassRight)
                l = lowpassLeft
                r = lowpassRight
                let x = Float(j)
                let g = level * (volume.0 + volume.1 * x) * (mute.0 + mute.1 * x) * e * gain
                left[j] += l * g * (leftStart + leftSlope * x)
                right[j] += r * g * (rightStart + rightSlope * x)
                e += envelopeStep
                gain += fs
                position += step
                j += 1
            }
            env = e
            finishFadeRun(run, gain: gain)
            envRemaining -= run
            k += run
            if envRemaining == 0 { finishStage() }
        }
    }
}
