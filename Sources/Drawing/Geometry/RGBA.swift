/// A straight (non-premultiplied) colour, components 0...1.
public struct RGBA: Sendable, Equatable, Hashable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// "#RRGGBB" or "#RRGGBBAA".
    public init?(hex: String) {
        var text = Substring(hex)
        if text.hasPrefix("#") { text = text.dropFirst() }
        guard text.count == 6 || text.count == 8, text.allSatisfy(\.isHexDigit), let value = UInt64(text, radix: 16) else { return nil }
        let hasAlpha = text.count == 8
        let shift: UInt64 = hasAlpha ? 8 : 0
        r = Double((value >> (16 + shift)) & 0xFF) / 255
        g = Double((value >> (8 + shift)) & 0xFF) / 255
        b = Double((value >> shift) & 0xFF) / 255
        a = hasAlpha ? Double(value & 0xFF) / 255 : 1
    }

    public static func hex(_ text: String, alpha: Double = 1) -> RGBA {
        var color = RGBA(hex: text)!
        color.a = alpha
        return color
    }

    public static let black = RGBA(r: 0, g: 0, b: 0)
    public static let white = RGBA(r: 1, g: 1, b: 1)
    public static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)

    /// `×α k`: multiply the existing alpha (`withMultipliedAlpha`).
    public func multipliedAlpha(_ k: Double) -> RGBA { RGBA(r: r, g: g, b: b, a: a * k) }
    /// `@α k`: replace the alpha (`withAlphaComponent`).
    public func withAlpha(_ k: Double) -> RGBA { RGBA(r: r, g: g, b: b, a: k) }

    /// `mix(a, b, t)`: linear interpolation of all four straight components.
    public func mixed(with other: RGBA, _ t: Double) -> RGBA {
        RGBA(r: r + (other.r - r) * t, g: g + (other.g - g) * t, b: b + (other.b - b) * t, a: a + (other.a - a) * t)
    }

    /// "#RRGGBB" or "#RRGGBBAA" when not opaque.
    public var hexString: String {
        func byte(_ v: Double) -> String {
            let value = Int((min(max(v, 0), 1) * 255).rounded())
            let text = String(value, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(r) + byte(g) + byte(b) + (a < 1 ? byte(a) : "")
    }
}
