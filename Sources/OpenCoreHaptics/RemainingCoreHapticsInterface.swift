// What of Apple's Core Haptics surface OpenCoreHaptics does not provide yet.
//
// This file declares nothing; it is the checklist (after OpenCombine's RemainingCombineInterface.swift). Remove a
// line when its symbol lands, and keep the names exactly as Apple spells them (Apple's Core Haptics reference documentation, developer.apple.com/documentation/corehaptics).
//
// Done (pattern API, issue 2 item 5):
//   CHHapticPattern, CHHapticPattern.Key (15 keys), CHHapticEvent (+ EventType, ParameterID, 4 initializers),
//   CHHapticEventParameter, CHHapticDynamicParameter (+ ID, 12 IDs), CHHapticParameterCurve (+ ControlPoint),
//   CHHapticError (+ Code, 24 codes), CoreHapticsErrorDomain, CHHapticTimeImmediate, CHHapticAudioResourceID,
//   CHHapticAudioResourceKey, CHHapticAudioResourceKeyUseVolumeEnvelope, CHHapticAudioResourceKeyLoopEnabled.
//
// Done (engine issue 4):
//   CHHapticEngine (capabilitiesForHardware, init, currentTime, stoppedHandler, resetHandler, playsHapticsOnly,
//   playsAudioOnly, isMutedForAudio, isMutedForHaptics, isAutoShutdownEnabled, start/stop (the async forms
//   `async throws` both, as in the 26 SDKs), notifyWhenPlayersFinished,
//   makePlayer, makeAdvancedPlayer, registerAudioResource, unregisterAudioResource, playPattern(from:) ×2),
//   CHHapticEngine.StoppedReason, .FinishedAction, .CompletionHandler, .FinishedHandler, .StoppedHandler,
//   .ResetHandler, CHHapticDeviceCapability, CHHapticParameterAttributes, CHHapticPatternPlayer,
//   CHHapticAdvancedPatternPlayer, CHHapticAdvancedPatternPlayerCompletionHandler.
//
// Not yet:
//   init(audioSession: AVAudioSession?) throws            // AVAudioSession does not exist on Linux
//   var intendedSpatialExperience                          // visionOS 26 only; SpatialAudioExperience is not here
//
// What the engine gets from the pattern layer (package access):
//   CHHapticPattern.pattern: HapticPattern.Pattern              the validated value to compile
//   CHHapticPattern.waveformFolder: URL?                        where relative EventWaveformPath values resolve
//   CHHapticPattern.waveformURL(for:) throws(PatternError) -> URL
//   CHHapticPattern(playableFileAt:) / CHHapticPattern(data:)   for playPattern(from:) (.plist and data fallbacks)
//   CHHapticError(_: PatternError), CHHapticError(_:message:)   error conversion
//   CHHapticDynamicParameter.model(path:), CHHapticParameterCurve.model(path:) for sendParameters / scheduleParameterCurve
//   PatternValidator.playabilityErrors(in:)                     checks Core Haptics makes at player creation
//
// Done (issue 34): the classes are NSObject subclasses (CHHapticEngine conforms to NSObjectProtocol with NSObject's
// identity semantics: Swift has no throwing init() on an NSObject subclass), open, with Apple's initializers designated.
//
// Not planned: the Objective-C runtime surface (NSCopying, KVO, @objc protocols) and the importer artefact
// CHHapticEngine.init(andReturnError:).
