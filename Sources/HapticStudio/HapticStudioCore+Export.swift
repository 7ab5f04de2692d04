// `import HapticStudio` gives the whole studio: the server here and the session, folder and playback it serves
// (HapticStudioCore, which builds without the web stack).
@_exported import HapticStudioCore
