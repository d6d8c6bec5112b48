import Layout
import Primitives

/// The JSON Schemas (2020-12, as OpenAPI 3.1 takes them) of the service's JSON answers (issue 56: the document typed
/// every answer as a string, so generated clients rejected the objects): the layout JSON of `ipraster layout` and
/// `/layout` (cli-contract.md, "The layout JSON": the required fields required, later features' fields allowed),
/// `classify --json` and `math --json`. They are components of the OpenAPI document, committed in docs/openapi.json.
enum AnswerSchemas {
    private static func number() -> JSONOut { .object([("type", .string("number"))]) }
    private static func integer() -> JSONOut { .object([("type", .string("integer"))]) }
    private static func boolean() -> JSONOut { .object([("type", .string("boolean"))]) }
    private static func string() -> JSONOut { .object([("type", .string("string"))]) }
    private static func reference(_ name: String) -> JSONOut { .object([("$ref", .string("#/components/schemas/\(name)"))]) }

    private static func object(_ properties: [(String, JSONOut)], required: [String], description: String? = nil) -> JSONOut {
        var fields: [(String, JSONOut)] = [("type", .string("object"))]
        if let description { fields.append(("description", .string(description))) }
        fields.append(("properties", .object(properties)))
        fields.append(("required", .array(required.map { .string($0) })))
        return .object(fields)
    }

    private static func array(_ items: JSONOut) -> JSONOut { .object([("type", .string("array")), ("items", items)]) }

    /// The named schemas, for the document's `components.schemas`.
    static var components: [(String, JSONOut)] { [
        ("Frame", .object([("type", .string("array")), ("description", .string("[x, y, width, height] in points")),
                           ("items", number()), ("minItems", .int(4)), ("maxItems", .int(4))])),
        ("Range", .object([("type", .string("array")), ("description", .string("[start, end) in UTF-16 code units")),
                           ("items", integer()), ("minItems", .int(2)), ("maxItems", .int(2))])),
        ("LayoutLine", object([("frame", reference("Frame")), ("baseline", number()), ("range", reference("Range")), ("rtl", boolean()),
                               ("characterRects", array(reference("Frame"))),
                               ("decorations", array(object([("kind", .object([("type", .string("string")),
                                                                               ("enum", .array(["marker", "underline", "strikethrough", "spoiler"].map { .string($0) }))])),
                                                             ("frame", reference("Frame"))], required: ["kind", "frame"]))),
                               ("spoilers", array(reference("Frame")))],
                              required: ["frame", "baseline", "range", "rtl"])),
        ("LayoutAttachment", object([("kind", string()), ("range", reference("Range")), ("frame", reference("Frame")), ("mediaId", string())],
                                    required: ["kind", "range", "frame"])),
        ("LayoutItem", object([
            ("id", string()), ("kind", string()), ("block", string()), ("frame", reference("Frame")),
            ("font", object([("family", string()), ("size", number()), ("ascent", number()), ("descent", number()), ("lineHeight", number())],
                            required: ["family", "size", "ascent", "descent", "lineHeight"])),
            ("lines", array(reference("LayoutLine"))), ("attachments", array(reference("LayoutAttachment"))),
            ("items", array(reference("LayoutItem"))), ("cells", array(.object([("type", .string("object"))]))),
            ("contentInset", number()), ("gridFrame", reference("Frame")), ("cornerRadius", number()), ("borderWidth", number()),
            ("mediaId", string()), ("bleed", number()),
            ("title", object([("origin", .object([("type", .string("array")), ("items", number()), ("minItems", .int(2)), ("maxItems", .int(2))])),
                              ("lines", array(reference("LayoutLine"))), ("attachments", array(reference("LayoutAttachment")))],
                             required: ["origin", "lines"], description: "a details block's title row: its text's origin (item-local), lines and attachments")),
        ], required: ["id", "kind", "frame"], description: "one laid-out item; nested layouts (table cells, details bodies) in `items`, item-local")),
        ("Layout", object([
            ("version", integer()),
            ("canvas", object([("width", number()), ("height", number()), ("scale", number()), ("pixelWidth", integer()), ("pixelHeight", integer()),
                               ("bubbleOrigin", .object([("type", .string("array")), ("items", number()), ("minItems", .int(2)), ("maxItems", .int(2))]))],
                              required: ["width", "height", "scale", "pixelWidth", "pixelHeight", "bubbleOrigin"])),
            ("page", object([("width", number()), ("height", number()), ("boundingWidth", number()), ("horizontalInset", number()), ("rtl", boolean())],
                            required: ["width", "height", "boundingWidth", "horizontalInset", "rtl"])),
            ("bubble", .object([("oneOf", .array([
                .object([("type", .string("null"))]),
                object([("frame", reference("Frame")), ("cornerRadius", number()), ("outgoing", boolean())], required: ["frame", "cornerRadius", "outgoing"]),
            ]))])),
            ("status", object([("frame", .object([("oneOf", .array([.object([("type", .string("null"))]), reference("Frame")]))])),
                               ("placement", .object([("type", .string("string")), ("enum", .array(["trailing", "wrapped", "hidden"].map { .string($0) }))]))],
                              required: ["frame", "placement"])),
            ("items", array(reference("LayoutItem"))),
            ("altText", .object([("type", .string("string")), ("description", .string("the message as plain text in reading order (issue 63; docs/accessibility.md)"))])),
            ("language", .object([("type", .string("string")), ("description", .string("the BCP 47 tag the alt text is said to be in (--locale)"))])),
            ("warnings", array(string())),
        ], required: ["version", "canvas", "page", "bubble", "status", "items"],
           description: "the layout JSON of `ipraster layout` (cli-contract.md): frames in points, page coordinates; fields of later features are added")),
        ("Fallback", array(object([
            ("text", .object([("type", .string("string")), ("maxLength", .int(4_096)), ("description", .string("at most 4,096 UTF-16 code units"))])),
            ("entities", array(object([("type", string()), ("offset", integer()), ("length", integer()), ("url", string()), ("language", string()),
                                       ("custom_emoji_id", string())], required: ["type", "offset", "length"],
                                      description: "a Bot API MessageEntity: offset and length in UTF-16 code units"))),
        ], required: ["text"], description: "one sendMessage payload"))),
        ("Classification", object([("rich", boolean()), ("trigger", .object([("type", .array([.string("string"), .string("null")]))]))],
                                  required: ["rich", "trigger"], description: "classify --json: whether the app sends the Markdown as a rich message, and why")),
        ("FormulaMetrics", object([("width", number()), ("height", number()), ("depth", number()), ("baseline", number()),
                                   ("pixelWidth", integer()), ("pixelHeight", integer()), ("scale", number()), ("fallback", boolean())],
                                  required: ["width", "height", "depth", "baseline", "pixelWidth", "pixelHeight", "scale", "fallback"],
                                  description: "math --json: the box in points, the baseline from the image's top, the image's pixels")),
    ] }
}
