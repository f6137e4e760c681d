// The offline page in the language the reader chose (appSetting, as preferences-boot.js reads it), else the browser's.
(function () {
  var texts = {
    'en-US': ['You are offline', 'Parley needs a connection to answer. Check your connection, then try again.', 'Try again'],
    'zh-CN': ['你已离线', 'Parley 需要联网才能回答。请检查网络连接后重试。', '重试'],
    'zh-TW': ['你已離線', 'Parley 需要連網才能回答。請檢查網路連線後重試。', '重試'],
    'es-ES': ['Estás sin conexión', 'Parley necesita conexión para responder. Comprueba tu conexión y vuelve a intentarlo.', 'Reintentar'],
    'ko-KR': ['오프라인 상태입니다', 'Parley가 답하려면 인터넷 연결이 필요합니다. 연결을 확인한 뒤 다시 시도하세요.', '다시 시도'],
    'ru-RU': ['Нет подключения к сети', 'Чтобы отвечать, Parley нужна сеть. Проверьте подключение и попробуйте снова.', 'Повторить'],
    'vi-VN': ['Bạn đang ngoại tuyến', 'Parley cần kết nối mạng để trả lời. Hãy kiểm tra kết nối rồi thử lại.', 'Thử lại'],
  };
  var chosen = document.documentElement.lang;
  var language = texts[chosen] ? chosen : (navigator.language || '').indexOf('zh') === 0 ? 'zh-CN' : 'en-US';
  var text = texts[language];
  document.documentElement.lang = language;
  document.title = 'Parley · ' + text[0];
  document.getElementById('offline-title').textContent = text[0];
  document.getElementById('offline-text').textContent = text[1];
  var retry = document.getElementById('offline-retry');
  retry.textContent = text[2];
  retry.addEventListener('click', function (event) {
    event.preventDefault();
    location.reload();
  });
})();
