"""URLs: the admin and the REST API with its OpenAPI schema."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("conquest.api.urls")),
]
