import Drawing
import Primitives

/// The page's alt text as an XMP packet, the metadata a WebP carries (issue 63): the IPTC photo-metadata standard's
/// accessibility alt text (`Iptc4xmpCore:AltTextAccessibility`, 2021) and Dublin Core's description, each a
/// language alternative in the `--locale` language, with the title (the first line) as `dc:title`. Written by hand:
/// a fixed template around escaped text, like `SVGAltText`.
enum XMPPacket {
    static func altText(_ altText: AltTextMetadata) -> [UInt8] {
        let language = XMLText.escaped(altText.language ?? "x-default", attribute: true)
        func alternative(_ text: String) -> String {
            "<rdf:Alt><rdf:li xml:lang=\"x-default\">\(XMLText.escaped(text))</rdf:li>"
                + (altText.language.map { _ in "<rdf:li xml:lang=\"\(language)\">\(XMLText.escaped(text))</rdf:li>" } ?? "") + "</rdf:Alt>"
        }
        let packet = "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
            + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:Iptc4xmpCore=\"http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/\">"
            + "<dc:title>\(alternative(altText.title))</dc:title>"
            + "<dc:description>\(alternative(altText.text))</dc:description>"
            + "<Iptc4xmpCore:AltTextAccessibility>\(alternative(altText.text))</Iptc4xmpCore:AltTextAccessibility>"
            + "</rdf:Description></rdf:RDF></x:xmpmeta>\n<?xpacket end=\"r\"?>"
        return Array(packet.utf8)
    }
}
