"""The website: public pages for spectators, bot authors' own pages, the replay viewer and
live matches (server-rendered templates; views call the apps' selectors and services)."""
