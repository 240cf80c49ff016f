import Foundation

/// The page's files, compiled into the binary (SwiftPM `.embedInCode`), so `segue serve`
/// needs nothing beside itself and the page loads nothing from elsewhere.
public enum WebAssets {
    /// `GET /` answers this file.
    public static let indexName = "index.html"

    /// Files by name: `/static/<name>` serves any of them.
    public static let files: [String: [UInt8]] = [
        "index.html": PackageResources.index_html,
        "app.js": PackageResources.app_js,
        "app.css": PackageResources.app_css,
    ]

    /// The bytes and content type of `name`, nil when the page has no such file.
    public static func file(_ name: String) -> (bytes: [UInt8], type: String)? {
        guard let bytes = files[name], let type = ServedMediaType.forWebFile(name) else { return nil }
        return (bytes, type)
    }
}
