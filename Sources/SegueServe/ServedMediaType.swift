/// The content types the server answers with, named once so routes and tests agree.
public enum ServedMediaType {
    public static let png = "image/png"
    public static let json = "application/json; charset=utf-8"
    public static let html = "text/html; charset=utf-8"
    public static let javascript = "text/javascript; charset=utf-8"
    public static let css = "text/css; charset=utf-8"
    public static let eventStream = "text/event-stream"

    /// The type of a page file by its extension (the page is only HTML, JS and CSS).
    public static func forWebFile(_ name: String) -> String? {
        if name.hasSuffix(".html") { return html }
        if name.hasSuffix(".js") { return javascript }
        if name.hasSuffix(".css") { return css }
        return nil
    }
}
