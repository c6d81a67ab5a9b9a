-- Issue 48: the journal's text filter and first-page counts at 100,000 tracks. A filtered page folded
-- every track of the owner's (name, notes and equipment names, with a subquery per track) and counted
-- them all: 12 s at 100,000. Now each track's MatchDoc (src/shared/track-match.ts) is kept folded in
-- track_match_documents, with a GIN index of the owner (btree_gin) and the text's trigrams (pg_trgm),
-- so `user_id = $1 and document like '% word%'` finds one person's matches in one index scan; and each
-- person's number of tracks is kept in user_track_counts. Both kept here, by triggers, so no writer
-- can forget them (decision 0084's reasoning).
-- btree_gin is a trusted extension (PostgreSQL 13+), like pg_trgm; PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "track_match_documents" (
	"track_id" integer PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_track_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"tracks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- No parallel workers: a filter reads one person's matches (thousands at most), which a worker
-- costs more to start than it saves; on the loaded scale bench the ranked page waited 100+ ms for
-- two workers that then had nothing left to do.
ALTER TABLE "track_match_documents" SET (parallel_workers = 0);--> statement-breakpoint
ALTER TABLE "track_match_documents" ADD CONSTRAINT "track_match_documents_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_track_counts" ADD CONSTRAINT "user_track_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- matchFold of src/shared/track-match-fold.ts, as foldSql (track-list.match.ts) wrote it into every
-- filtered query: lower case, the fold table's replace() pairs and translate() strings. Written out
-- here from FOLD_SQL; track-list.match-documents.test.ts fails when the table changes and this does
-- not (then a migration replaces the function and refreshes every document).
CREATE FUNCTION "track_match_fold"("value" text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN octet_length("value") = char_length("value")
    THEN translate(lower("value"), U&' \0009\000a\000d\000c\000b!"#$%&''()*+,-./:;<=>?@[\\]^_`{|}~', U&'                                      ')
    ELSE translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower("value"), U&'Æ', U&'ae'), U&'Þ', U&'th'), U&'ß', U&'ss'), U&'æ', U&'ae'), U&'þ', U&'th'), U&'Œ', U&'oe'), U&'œ', U&'oe'), U&'Ǣ', U&'ae'), U&'ǣ', U&'ae'), U&'Ǽ', U&'ae'), U&'ǽ', U&'ae'), U&'ẞ', U&'ss'),
      U&' \0009\000a\000d\000c\000b!"#$%&''()*+,-./:;<=>?@[\\]^_`{|}~\00a0¡«·»¿\2010\2011\2012\2013\2014\2018\2019\201c\201d\2026ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦĨĩĪīĬĭĮįİıĲĴĵĶķĹĺĻļĽľĿŁłŃńŅņŇňŊŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƠơƢƤƦƧƩƬƮƯưƱƲƳƵƷƸƼǄǅǇǈǊǋǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǤǦǧǨǩǪǫǬǭǮǯǰǱǲǴǵǶǷǸǹǺǻǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȜȞȟȠȢȤȦȧȨȩȪȫȬȭȮȯȰȱȲȳȺȻȽȾɁɃɄɅɆɈɊɌɎͰͲʹͶ;Ϳ΅Ά·ΈΉΊΌΎΏΐΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫάέήίΰϊϋόύώϏϓϔϘϚϜϞϠϢϤϦϨϪϬϮϴϷϹϺϽϾϿЀЁЂЃЄЅІЇЈЉЊЋЌЍЎЏАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯйѐёѓїќѝўѠѢѤѦѨѪѬѮѰѲѴѶѷѸѺѼѾҀҊҌҎҐҒҔҖҘҚҜҞҠҢҤҦҨҪҬҮҰҲҴҶҸҺҼҾӀӁӂӃӅӇӉӋӍӐӑӒӓӔӖӗӘӚӛӜӝӞӟӠӢӣӤӥӦӧӨӪӫӬӭӮӯӰӱӲӳӴӵӶӸӹӺӼӾḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẛẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹỺỼỾς̴̵̶̷̸̡̢̧̨̛̖̗̘̙̜̝̞̟̠̣̤̥̦̩̪̫̬̭̮̯̰̱̲̳̹̺̻̼͇͈͉͍͎̀́̂̃̄̅̆̇̈̉̊̋̌̍̎̏̐̑̒̓̔̽̾̿̀́͂̓̈́͆͊͋͌̕̚ͅ͏͓͔͕͖͙͚͐͑͒͗͛ͣͤͥͦͧͨͩͪͫͬͭͮͯ҃҄҅҆҇͘͜͟͢͝͞͠͡҈҉',
      U&'                                                      abcdefghijklmnopqrstuvwxyzaaaaaaceeeeiiiiðnoooooouuuuyaaaaaaceeeeiiiinoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhħiiiiiiiiiiĳjjkkllllllŀllnnnnnnŋoooooorrrrrrssssssssttttŧuuuuuuuuuuuuwwyyyzzzzzzɓƃƅɔƈɖɗƌǝəɛƒɠɣɩɨƙɯɲɵooƣƥʀƨʃƭʈuuʊʋƴƶʒƹƽǆǆǉǉǌǌaaiioouuuuuuuuuuaaaaǥggkkooooʒʒjǳǳggƕƿnnaaooaaaaeeeeiiiioooorrrruuuussttȝhhƞȣȥaaeeooooooooyyⱥȼƚⱦɂƀʉʌɇɉɋɍɏͱͳʹͷ;ϳ¨α·εηιουωιαβγδεζηθικλμνξοπρστυφχψωιυαεηιυιυουωϗϒϒϙϛϝϟϡϣϥϧϩϫϭϯθϸϲϻͻͼͽееђгєѕііјљњћкиуџабвгдежзииклмнопрстуфхцчшщъыьэюяиеегікиуѡѣѥѧѩѫѭѯѱѳѵѵѵѹѻѽѿҁҋҍҏґғҕҗҙқҝҟҡңҥҧҩҫҭүұҳҵҷҹһҽҿӏжжӄӆӈӊӌӎааааӕееәәәжжззӡииииооөөөээууууууччӷыыӻӽӿaabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmmmmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvvwwwwwwwwwwxxxxyyzzzzzzhtwyſaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyyỻỽỿσ') END
$$;--> statement-breakpoint
-- Writes the documents of these tracks (a missing track: nothing), leaving unchanged ones alone. The
-- text is matchDoc's: name, notes and equipment names joined by spaces.
CREATE FUNCTION "track_match_documents_refresh"("ids" integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "track_match_documents" ("track_id", "user_id", "name", "document")
  SELECT t."id", t."user_id", ' ' || "track_match_fold"(t."name") || ' ',
    ' ' || "track_match_fold"(t."name" || ' ' || coalesce(t."notes", '') || coalesce(' ' || (
      SELECT string_agg(eq."name", ' ' ORDER BY te."created_at", te."id") FROM "track_equipment_tags" te
      JOIN "equipment_tags" eq ON eq."id" = te."equipment_tag_id" WHERE te."track_id" = t."id"
    ), '')) || ' '
  FROM "tracks" t WHERE t."id" = ANY("ids")
  ON CONFLICT ("track_id") DO UPDATE
    SET "user_id" = excluded."user_id", "name" = excluded."name", "document" = excluded."document"
    WHERE ("track_match_documents"."user_id", "track_match_documents"."name", "track_match_documents"."document")
      IS DISTINCT FROM (excluded."user_id", excluded."name", excluded."document")
$$;--> statement-breakpoint
-- Statement triggers, so an import or a bulk action writes its tracks' documents in one statement.
-- An UPDATE trigger with transition tables may not name columns: every update of tracks comes here
-- and only the tracks whose name, notes or owner changed are written (the transition tables are
-- those the journal revision trigger of 0004 already has PostgreSQL keep).
CREATE FUNCTION "track_match_from_tracks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "track_match_documents_refresh"(ARRAY(SELECT "id" FROM "new_rows"));
    INSERT INTO "user_track_counts" ("user_id", "tracks")
      SELECT "user_id", count(*) FROM "new_rows" GROUP BY "user_id"
      ON CONFLICT ("user_id") DO UPDATE SET "tracks" = "user_track_counts"."tracks" + excluded."tracks";
  ELSIF TG_OP = 'DELETE' THEN
    -- The documents go with their tracks (the foreign key's cascade).
    UPDATE "user_track_counts" c SET "tracks" = c."tracks" - o."n"
      FROM (SELECT "user_id", count(*) AS "n" FROM "old_rows" GROUP BY "user_id") o
      WHERE c."user_id" = o."user_id";
  ELSE
    PERFORM "track_match_documents_refresh"(ARRAY(
      SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE (n."name", n."notes", n."user_id") IS DISTINCT FROM (o."name", o."notes", o."user_id")));
    -- No route gives a track to someone else; a hand-written fix that does moves its count along.
    UPDATE "user_track_counts" c SET "tracks" = c."tracks" - o."n"
      FROM (SELECT o."user_id", count(*) AS "n" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
        WHERE n."user_id" <> o."user_id" GROUP BY o."user_id") o
      WHERE c."user_id" = o."user_id";
    INSERT INTO "user_track_counts" ("user_id", "tracks")
      SELECT n."user_id", count(*) FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE n."user_id" <> o."user_id" GROUP BY n."user_id"
      ON CONFLICT ("user_id") DO UPDATE SET "tracks" = "user_track_counts"."tracks" + excluded."tracks";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_match_documents_insert" AFTER INSERT ON "tracks"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_match_from_tracks"();--> statement-breakpoint
CREATE TRIGGER "tracks_match_documents_update" AFTER UPDATE ON "tracks"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_match_from_tracks"();--> statement-breakpoint
CREATE TRIGGER "tracks_match_documents_delete" AFTER DELETE ON "tracks"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_match_from_tracks"();--> statement-breakpoint
-- A tag put on or taken off a track (also by the cascade when a piece of equipment is deleted). An
-- update that moves no link (0044's track_created_at follows the track's date) changes no document.
CREATE FUNCTION "track_match_from_track_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "track_match_documents_refresh"(ARRAY(SELECT DISTINCT "track_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "track_match_documents_refresh"(ARRAY(SELECT DISTINCT "track_id" FROM "old_rows"));
  ELSE
    PERFORM "track_match_documents_refresh"(ARRAY(
      SELECT x."track_id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
        CROSS JOIN LATERAL (VALUES (n."track_id"), (o."track_id")) x("track_id")
      WHERE (n."track_id", n."equipment_tag_id") IS DISTINCT FROM (o."track_id", o."equipment_tag_id")));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "track_equipment_tags_match_documents_insert" AFTER INSERT ON "track_equipment_tags"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_match_from_track_equipment"();--> statement-breakpoint
CREATE TRIGGER "track_equipment_tags_match_documents_update" AFTER UPDATE ON "track_equipment_tags"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_match_from_track_equipment"();--> statement-breakpoint
CREATE TRIGGER "track_equipment_tags_match_documents_delete" AFTER DELETE ON "track_equipment_tags"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_match_from_track_equipment"();--> statement-breakpoint
-- Equipment is shared: a new name is in the documents of every track that carries it (50,000 for
-- the scale bench's big synth: about 35 s more on a loaded two-core machine, beside the 50 s that
-- renewing their list_revision and owners' journals already takes, 0031). A new spelling that folds
-- the same ("MOOG" for "Moog") changes no document and writes none.
CREATE FUNCTION "track_match_from_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "track_match_documents_refresh"(ARRAY(
    SELECT te."track_id" FROM "track_equipment_tags" te WHERE te."equipment_tag_id" IN (
      SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE "track_match_fold"(n."name") IS DISTINCT FROM "track_match_fold"(o."name"))));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "equipment_tags_match_documents_update" AFTER UPDATE ON "equipment_tags"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_match_from_equipment"();--> statement-breakpoint
-- The documents and counts of the tracks already there, in one pass each (a million tracks: about a
-- minute), then the index, built once rather than entry by entry.
INSERT INTO "track_match_documents" ("track_id", "user_id", "name", "document")
SELECT t."id", t."user_id", ' ' || "track_match_fold"(t."name") || ' ',
  ' ' || "track_match_fold"(t."name" || ' ' || coalesce(t."notes", '') || coalesce(' ' || e."names", '')) || ' '
FROM "tracks" t LEFT JOIN (
  SELECT te."track_id", string_agg(eq."name", ' ' ORDER BY te."created_at", te."id") AS "names" FROM "track_equipment_tags" te
  JOIN "equipment_tags" eq ON eq."id" = te."equipment_tag_id" GROUP BY te."track_id"
) e ON e."track_id" = t."id";--> statement-breakpoint
INSERT INTO "user_track_counts" ("user_id", "tracks") SELECT "user_id", count(*) FROM "tracks" GROUP BY "user_id";--> statement-breakpoint
CREATE INDEX "track_match_documents_user_trgm_idx" ON "track_match_documents" USING gin ("user_id","document" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
ANALYZE "track_match_documents", "user_track_counts";
