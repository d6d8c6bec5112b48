/// The render command's `--fps` and `--duration`, set by their rows in `CommandSpec.renderCommand`.
package struct AnimationTiming {
    package var fps = 30.0
    package var fpsGiven = false
    package var duration: Double?

    package init() {}
}
