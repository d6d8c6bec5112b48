/// What an option does to one kind of settings value (`RenderSettings`, a command's own options such as `math`'s
/// job), given the option's value: a setter, as `ThemeLoader`'s key-path table holds each theme key's field.
public struct OptionEffect: Sendable {
    let settingsType: ObjectIdentifier
    let body: @Sendable (inout Any, OptionValue) throws -> Void

    /// The effect on settings of type `Settings`.
    public static func on<Settings>(_ type: Settings.Type, _ body: @escaping @Sendable (inout Settings, OptionValue) throws -> Void) -> OptionEffect {
        OptionEffect(settingsType: ObjectIdentifier(type)) { box, value in
            guard var settings = box as? Settings else { return }
            try body(&settings, value)
            box = settings
        }
    }

    /// Whether this effect sets a value of type `Settings`.
    public func sets<Settings>(_ type: Settings.Type) -> Bool { settingsType == ObjectIdentifier(type) }
}
