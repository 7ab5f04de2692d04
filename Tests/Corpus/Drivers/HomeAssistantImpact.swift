// Driver for Home Assistant's injectable impact generator: the production implementation, medium and heavy.
let generator: ImpactFeedbackGeneratorProtocol = ImpactFeedbackGenerator()
generator.impactOccurred()
generator.impactOccurred(style: .heavy)
CorpusRecording.finishWhenHeard()
