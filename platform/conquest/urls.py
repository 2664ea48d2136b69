"""URLs: the website, the admin and the REST API with its OpenAPI schema."""

from django.contrib import admin
from django.urls import include, path

# The admin is the organisers' tool; its "View site" opens the website, mounted at the root.
admin.site.site_header = admin.site.site_title = "Conquest Arena administration"
admin.site.site_url = "/"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("conquest.api.urls")),
    path("", include("conquest.web.urls")),
]
