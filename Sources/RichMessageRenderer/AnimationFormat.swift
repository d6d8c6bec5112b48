/// An animated output of a finished message (`ipraster answer.json -o answer.gif`, issue 41): its custom emoji's
/// stickers play; the frames are encoded by ffmpeg, as reveal exports are. The render command alone writes them.
public enum AnimationFormat: String, CaseIterable, Sendable {
    case apng, gif, mp4
}
