// Driver for Home Assistant's app-intent haptics (the watchOS path): a successful intent.
AppIntentHaptics.notify(.success)
CorpusRecording.finishWhenHeard()
