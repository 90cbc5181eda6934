// Starts Swagger UI on the API's own OpenAPI document. An external file, so the page's
// Content-Security-Policy needs no inline script.
window.addEventListener("DOMContentLoaded", () => {
  window.ui = window.SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#reference",
    // Deep links put a link inside each operation's toggle button (nested controls).
    deepLinking: false,
    // Nothing leaves this site: no validator badge fetched from swagger.io.
    validatorUrl: null,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    tryItOutEnabled: false,
    persistAuthorization: false,
    layout: "BaseLayout",
  });
});
