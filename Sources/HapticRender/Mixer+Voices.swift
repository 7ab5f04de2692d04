import HapticPattern

// Voices: set up from a program event, rendered into the buses, faded, freed; and the bus shaped for the device.
extension Mixer {
    /// Starts fading every voice of a player.
    @_noLocks @_noAllocation
    func fadeVoices(_ p: Int) {
        var v = players[p].firstVoice
        while v >= 0 {
            voices[Int(v)].forceRelease(frames: fadeFrames)
            v = voices[Int(v)].next
        }
    }

    /// Frees every voice of a player at once.
    @_noLocks @_noAllocation
    func killVoices(_ p: Int) {
        var v = players[p].firstVoice
        while v >= 0 {
            let next = voices[Int(v)].next
            freeVoices[freeVoiceCount] = v
            freeVoiceCount += 1
            v = next
        }
        players[p].firstVoice = -1
    }

    /// Takes a voice from the pool and sets it up for `event`.
    ///
    /// - Parameters:
    ///   - offset: the voice's first frame in the block.
    ///   - elapsed: output frames the event has already been sounding (a seek, start offset or loop wrap landed
    ///     inside it): the voice starts part-way through its envelope (and custom audio at the matching sample) and
    ///     fades in over the stop-fade time; a voice that would already be over is not started.
    @_noLocks @_noAllocation
    func startVoice(_ p: Int, event: ProgramEvent, dt: Double, offset: Int, elapsed: Int = 0) {
        // A full pool refuses at once: a loop of many events over a full pool tries one start per event every block.
        if freeVoiceCount == 0 && elapsed == 0 {
            players[p].droppedVoices += 1
            return
        }
        let control = controls + p * ControlIndex.count
        var voice = Voice()
        voice.kind = event.kind
        voice.level = event.level
        voice.sharpness = event.sharpness
        voice.pan = event.pan
        voice.brightness = event.brightness
        let framesPerSecond = 1 / dt
        var onset: Float = 0
        switch event.kind {
        case .transient:
            // A shaped pulse: 20 ms at sharpness 0 down to 10 ms at sharpness 1; 15 % linear rise, 85 % fall.
            // Sharpness is fixed at the start, as Core Haptics chooses a transient waveform once.
            let s = FastMath.clamp(event.sharpness + control[ControlIndex.hapticSharpness].value, 0, 1)
            voice.sharpness = s
            voice.sharpnessIsFixed = true
            let length = Swift.max(4, FastMath.roundToInt((0.020 - 0.010 * Double(s)) * sampleRate))
            voice.attackFrames = Swift.max(1, length * 15 / 100)
            voice.attackStep = 1 / Float(voice.attackFrames)
            voice.holdFrames = 0
            voice.releaseFrames = length - voice.attackFrames
            onset = event.level * control[ControlIndex.hapticIntensity].value
        case .hapticContinuous, .audioContinuous:
            let isHaptic = event.kind.isHaptic
            let attackControl = control[isHaptic ? ControlIndex.hapticAttack : ControlIndex.audioAttack].value
            let decayControl = control[isHaptic ? ControlIndex.hapticDecay : ControlIndex.audioDecay].value
            let releaseControl = control[isHaptic ? ControlIndex.hapticRelease : ControlIndex.audioRelease].value
            let attack = FastMath.envelopeSeconds(event.attack + attackControl)
            let decay = FastMath.envelopeSeconds(event.decay + decayControl)
            let release = FastMath.envelopeSeconds(event.release + releaseControl)
            if event.sustained {
                // Release starts so that the event ends at duration + max(0, release − 40 ms), Apple's fullDuration.
                let releaseStart = Swift.max(0, event.duration - Swift.min(release, 0.04))
                let attackFrames = FastMath.roundToInt(attack * framesPerSecond)
                let releaseStartFrame = FastMath.roundToInt(releaseStart * framesPerSecond)
                voice.attackFrames = Swift.min(attackFrames, releaseStartFrame)
                voice.attackStep = attackFrames > 0 ? 1 / Float(attackFrames) : 1
                voice.holdFrames = releaseStartFrame - voice.attackFrames
                voice.releaseFrames = Swift.max(1, FastMath.roundToInt(release * framesPerSecond))
            } else {
                // Not sustained: attack, then decay to silence; a shorter duration compresses the decay.
                let natural = attack + decay
                let total = event.duration > 0 ? Swift.min(event.duration, natural) : natural
                let attackFrames = FastMath.roundToInt(attack * framesPerSecond)
                let totalFrames = FastMath.roundToInt(total * framesPerSecond)
                voice.attackFrames = Swift.min(attackFrames, totalFrames)
                voice.attackStep = attackFrames > 0 ? 1 / Float(attackFrames) : 1
                voice.holdFrames = 0
                voice.releaseFrames = Swift.max(1, totalFrames - voice.attackFrames)
            }
        case .audioCustom:
            voice.samples = event.samples
            voice.sampleFrameCount = event.sampleFrameCount
            voice.sampleChannelCount = event.sampleChannelCount
            voice.baseStep = event.sampleRate / sampleRate
            voice.loops = event.loops && event.duration > 0
            let naturalSeconds = Double(event.sampleFrameCount) / event.sampleRate
            let seconds = event.duration > 0 ? (voice.loops ? event.duration : Swift.min(event.duration, naturalSeconds)) : naturalSeconds
            let totalFrames = Swift.max(1, FastMath.roundToInt(seconds * sampleRate))
            let fade = event.usesVolumeEnvelope ? Swift.min(Int(0.005 * sampleRate), totalFrames / 2) : 0
            voice.attackFrames = fade
            voice.attackStep = fade > 0 ? 1 / Float(fade) : 1
            voice.releaseFrames = fade
            voice.holdFrames = totalFrames - 2 * fade
            if fade == 0 { voice.env = 1 }
        }
        if voice.attackFrames == 0 { voice.env = 1 }
        voice.enter(.attack)
        if elapsed > 0 {
            // Resume part-way: custom audio reads at its current pitch from where it would be by now.
            // A tone's phase moves at its frequency, 220·2^(2·pitch) Hz (see Voice.renderAudio).
            let pitch = FastMath.clamp(event.sharpness + control[ControlIndex.audioPitch].value, -1, 1)
            var step = voice.baseStep * FastMath.exp2(Double(pitch))
            if case .audioContinuous = event.kind { step = 220 * FastMath.exp2(2 * Double(pitch)) / sampleRate }
            voice.skip(frames: elapsed, sourceStep: step)
            if voice.isDone { return }
            voice.fadeIn(frames: fadeFrames)
            onset = 0
        }
        guard freeVoiceCount > 0 else {
            players[p].droppedVoices += 1
            return
        }
        freeVoiceCount -= 1
        let index = freeVoices[freeVoiceCount]
        if onset > 0 {
            let k = Swift.min(Swift.max(offset, 0), maxBlockFrames - 1)
            onsets[k] = Swift.max(onsets[k], onset)
        }
        voice.next = players[p].firstVoice
        voices[Int(index)] = voice
        players[p].firstVoice = index
    }

    /// Renders every voice of a player for `n` frames from `offset`, then returns finished voices to the pool.
    @_noLocks @_noAllocation
    func renderVoices(
        _ p: Int, frames n: Int, offset: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>,
        intensity: ControlPiece, sharpness: ControlPiece, volume: ControlPiece, pan: ControlPiece,
        brightness: ControlPiece, pitch: ControlPiece, mute: ControlPiece
    ) {
        var previous: Int32 = -1
        var v = players[p].firstVoice
        let rate = Float(sampleRate)
        while v >= 0 {
            let voice = voices + Int(v)
            if voice.pointee.kind.isHaptic {
                voice.pointee.renderHaptic(
                    frames: n, amplitude: amplitudeSum + offset, sharpnessWeight: sharpnessSum + offset,
                    intensity: (intensity.value, intensity.slope), sharpnessControl: (sharpness.value, sharpness.slope),
                    mute: (mute.value, mute.slope))
            } else {
                voice.pointee.renderAudio(
                    frames: n, left: left + offset, right: right + offset, sampleRate: rate,
                    volume: (volume.value, volume.slope), pitch: pitch.value, pan: (pan.value, pan.slope),
                    brightness: brightness.value, mute: (mute.value, mute.slope))
            }
            let next = voice.pointee.next
            if voice.pointee.isDone {
                if previous >= 0 { voices[Int(previous)].next = next } else { players[p].firstVoice = next }
                freeVoices[freeVoiceCount] = v
                freeVoiceCount += 1
            } else {
                previous = v
            }
            v = next
        }
    }

    /// Turns the summed amplitude and sharpness into the profile's signals (``ActuatorTranslator``).
    @_noLocks @_noAllocation
    func shapeHapticBus(frameCount n: Int, haptic: HapticBusBuffers) {
        let clippedFrames = translator.shape(
            frameCount: n, amplitudeSum: amplitudeSum, sharpnessSum: sharpnessSum, onsets: onsets, into: haptic)
        if clippedFrames > 0 { clipped.wrappingAdd(clippedFrames, ordering: .relaxed) }
    }
}
