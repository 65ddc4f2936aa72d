// django-celery-beat's periodic task form (templates/admin/djcelery/change_periodictask_form.html):
// the crontab's help says what the chosen schedule means in words. Its own inline script, as a file.
(function () {
  "use strict";
  var data = document.getElementById("readable-crontabs");
  var field = document.getElementById("id_crontab");
  var help = document.querySelector(".field-crontab .help");
  if (!data || !field || !help) return;
  var readable = JSON.parse(data.textContent);
  var original = help.innerHTML;
  var translation = document.querySelector(".field-crontab_translation");
  if (translation) translation.style.display = "none";  // a CSSOM write, which the policy allows
  field.addEventListener("change", function () {
    var words = readable[field.value];
    help.innerHTML = original;
    if (words) {
      help.appendChild(document.createElement("br"));
      help.appendChild(document.createTextNode("Translation: " + words));
    }
  });
})();
